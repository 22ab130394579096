import Foundation

/// Writes the item file's XML property list directly, in the layout Foundation's encoder uses
/// (tabs, keys in sorted order, dates in whole UTC seconds), a buffer at a time. Going through
/// PropertyListEncoder cost 16× a bare serialisation and held the whole document in memory
/// several times over; this costs less than one serialisation and holds one buffer.
struct ItemStoreXMLWriter {
    private static let bufferSize = 256 * 1024
    private var buffer: [UInt8] = []
    private let flush: ([UInt8]) throws -> Void

    /// `flush` receives each full buffer, and the rest at `finish`.
    init(flush: @escaping ([UInt8]) throws -> Void) {
        self.flush = flush
        buffer.reserveCapacity(Self.bufferSize)
    }

    mutating func writeDocument(formatVersion: Int, records: [ItemRecord]) throws {
        raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        raw("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n")
        raw("<plist version=\"1.0\">\n<dict>\n")
        key("formatVersion", depth: 1)
        element("integer", String(formatVersion), depth: 1)
        key("items", depth: 1)
        if records.isEmpty {
            raw("\t<array/>\n")
        } else {
            raw("\t<array>\n")
            for record in records {
                try write(record)
                if buffer.count >= Self.bufferSize {
                    try flush(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            raw("\t</array>\n")
        }
        raw("</dict>\n</plist>\n")
        try flush(buffer)
        buffer.removeAll()
    }

    // Keys in each dictionary are written in sorted order, as Foundation does.
    private mutating func write(_ record: ItemRecord) throws {
        raw("\t\t<dict>\n")
        if !record.edits.isEmpty {
            key("edits", depth: 3)
            raw("\t\t\t<dict>\n")
            let edits = record.edits
            string("artist", edits.artist, depth: 4)
            string("name", edits.name, depth: 4)
            string("notes", edits.notes, depth: 4)
            string("price", edits.price.map { "\($0)" }, depth: 4)
            date("releaseDate", edits.releaseDate, depth: 4)
            raw("\t\t\t</dict>\n")
        }
        date("changedAt", record.changedAt, depth: 3)
        date("hiddenAt", record.hiddenAt, depth: 3)
        string("id", record.id, depth: 3)
        date("keptAt", record.keptAt, depth: 3)
        if let snapshot = record.snapshot {
            key("snapshot", depth: 3)
            raw("\t\t\t<dict>\n")
            string("artist", snapshot.artist, depth: 4)
            string("artworkURL", snapshot.artworkURL?.absoluteString, depth: 4)
            string("collectionName", snapshot.collectionName, depth: 4)
            string("currency", snapshot.currency, depth: 4)
            string("genre", snapshot.genre, depth: 4)
            string("id", snapshot.id, depth: 4)
            string("kind", snapshot.kind.storedName, depth: 4)
            string("largeArtworkURL", snapshot.largeArtworkURL?.absoluteString, depth: 4)
            string("name", snapshot.name, depth: 4)
            string("previewURL", snapshot.previewURL?.absoluteString, depth: 4)
            string("price", snapshot.price.map { "\($0)" }, depth: 4)
            date("releaseDate", snapshot.releaseDate, depth: 4)
            string("storeRegion", snapshot.storeRegion, depth: 4)
            string("storeURL", snapshot.storeURL?.absoluteString, depth: 4)
            string("summary", snapshot.summary, depth: 4)
            raw("\t\t\t</dict>\n")
        }
        date("visitedAt", record.visitedAt, depth: 3)
        for name in record.otherFields.keys.sorted() {
            key(name, depth: 3)
            value(record.otherFields[name]!, depth: 3)
        }
        raw("\t\t</dict>\n")
    }

    /// A value another tool wrote, as it was.
    private mutating func value(_ value: PlistValue, depth: Int) {
        switch value {
        case .string(let text): element("string", text, depth: depth)
        case .integer(let number): element("integer", String(number), depth: depth)
        case .real(let number):
            element("real", number.isNaN ? "nan" : number.isInfinite ? (number < 0 ? "-infinity" : "+infinity") : "\(number)", depth: depth)
        case .bool(let flag):
            indent(depth)
            raw(flag ? "<true/>\n" : "<false/>\n")
        case .date(let date): element("date", Self.iso8601(date), depth: depth)
        case .data(let data): element("data", data.base64EncodedString(), depth: depth)
        case .array(let values):
            indent(depth)
            raw("<array>\n")
            for item in values { self.value(item, depth: depth + 1) }
            indent(depth)
            raw("</array>\n")
        case .dictionary(let fields):
            indent(depth)
            raw("<dict>\n")
            for name in fields.keys.sorted() {
                key(name, depth: depth + 1)
                self.value(fields[name]!, depth: depth + 1)
            }
            indent(depth)
            raw("</dict>\n")
        }
    }

    private mutating func string(_ name: String, _ value: String?, depth: Int) {
        guard let value else { return }
        key(name, depth: depth)
        indent(depth)
        raw("<string>")
        escaped(value)
        raw("</string>\n")
    }

    private mutating func date(_ name: String, _ value: Date?, depth: Int) {
        guard let value else { return }
        key(name, depth: depth)
        element("date", Self.iso8601(value), depth: depth)
    }

    private mutating func key(_ name: String, depth: Int) {
        element("key", name, depth: depth)
    }

    private mutating func element(_ tag: String, _ text: String, depth: Int) {
        indent(depth)
        raw("<\(tag)>")
        escaped(text)
        raw("</\(tag)>\n")
    }

    private mutating func indent(_ depth: Int) {
        for _ in 0..<depth { buffer.append(0x09) }
    }

    private mutating func raw(_ text: String) { buffer.append(contentsOf: text.utf8) }

    /// `&`, `<` and `>` as entities; everything else as it is (Foundation writes and reads
    /// control characters and carriage returns raw, so they survive a round trip).
    private mutating func escaped(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() where byte == 0x26 || byte == 0x3C || byte == 0x3E {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                switch byte {
                case 0x26: buffer.append(contentsOf: "&amp;".utf8)
                case 0x3C: buffer.append(contentsOf: "&lt;".utf8)
                default: buffer.append(contentsOf: "&gt;".utf8)
                }
                start = index + 1
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
    }

    /// "2001-09-09T01:46:40Z", whole seconds rounded down as Foundation writes them; computed
    /// without a formatter (civil-from-days), since ICU's took most of the encoding time.
    static func iso8601(_ date: Date) -> String {
        let seconds = Int64((date.timeIntervalSince1970).rounded(.down))
        var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = year >= 0 && year < 10_000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }
}
