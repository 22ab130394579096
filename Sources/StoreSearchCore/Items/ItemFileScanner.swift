import Foundation

/// The fast way to read the item file StoreSearch itself writes (`PlistXMLWriter`'s layout: its
/// header, elements, keys and value types, entities and character references, and prices as
/// `<real>` or `<integer>` as plistlib writes numbers; no comments,
/// CDATA, attributes or other tools' keys). Records are read straight from the file's bytes as
/// the blocks come, each key told apart by comparing integers (`PlistKeyName`) and set on the
/// record directly; text becomes a `String` only for the fields that keep it, and long repeated
/// values (an artist, a genre) share one string. Anything else (another tool's file, a key or a
/// value this version does not know or cannot read, damage) is a surprise: `finish` says false,
/// and the caller reads the whole file again through `PlistXMLReader`, which reads every property
/// list, keeps what it cannot read, and says what it found. So the store is the same either way.
final class ItemFileScanner {
    typealias Stop = PlistByteCursor.Stop

    private enum Stage { case header, records, trailer, done, surprised }
    private var stage = Stage.header
    private let supported: Int
    private let locale: Locale
    private let record: (ItemRecord) -> Void
    /// The bytes of a record (or the header) that a block cut off, waiting for the next block.
    private var pending: [UInt8] = []
    /// A record longer than this (a note of megabytes) is left to the full reader, which does not
    /// read it again for each block it spans.
    static let longestRecord = 16 << 20
    /// Long values seen before, so repeated ones share one string.
    private var interned: [String: String] = [:]

    /// `record` gets each record as soon as it is read. The version must be at most `supported`.
    init(supported: Int, locale: Locale, record: @escaping (ItemRecord) -> Void) {
        self.supported = supported
        self.locale = locale
        self.record = record
    }

    /// Reads the next block of the file; false once it found a surprise (reading can stop).
    func feed(_ block: Data) -> Bool {
        guard stage != .surprised else { return false }
        if pending.isEmpty {
            let consumed = block.withUnsafeBytes { scan($0, final: false) }
            pending.append(contentsOf: block.dropFirst(consumed))
        } else {
            pending.append(contentsOf: block)
            let consumed = pending.withUnsafeBytes { scan($0, final: false) }
            pending.removeSubrange(0..<consumed)
        }
        if pending.count > Self.longestRecord { stage = .surprised }
        return stage != .surprised
    }

    /// True when the whole file was read, as StoreSearch writes it.
    func finish() -> Bool {
        guard stage != .surprised else { return false }
        let consumed = pending.withUnsafeBytes { scan($0, final: true) }
        return stage == .done && consumed == pending.count
    }

    /// Reads what `bytes` holds; returns how many bytes were used up (a cut-off record is not).
    private func scan(_ bytes: UnsafeRawBufferPointer, final: Bool) -> Int {
        var cursor = PlistByteCursor(bytes)
        var consumed = 0
        do throws(Stop) {
            while true {
                switch stage {
                case .header: stage = try header(&cursor) ? .records : .trailer
                case .records:
                    if try cursor.closes("</array>") { stage = .trailer } else { record(try readRecord(&cursor)) }
                case .trailer:
                    guard try cursor.closes("</dict>"), try cursor.closes("</plist>") else { throw .surprise }
                    stage = .done
                case .done:
                    cursor.skipSpace()
                    guard cursor.isAtEnd else { throw .surprise }
                    return cursor.count
                case .surprised: return consumed
                }
                consumed = cursor.at
            }
        } catch .needMore {
            if final { stage = .surprised }
        } catch {
            stage = .surprised
        }
        return consumed
    }

    /// The writer's header up to the items array; true when the array has items.
    private func header(_ cursor: inout PlistByteCursor) throws(Stop) -> Bool {
        cursor.skipSpace()
        _ = try cursor.take("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        cursor.skipSpace()
        _ = try cursor.take(
            "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">"
        )
        cursor.skipSpace()
        try cursor.expect("<plist version=\"1.0\">")
        cursor.skipSpace()
        try cursor.expect("<dict>")
        cursor.skipSpace()
        guard try cursor.key() == Self.formatVersion else { throw .surprise }
        try cursor.expect("<integer>")
        let digits = try cursor.text(closedBy: "</integer>")
        // Plain digits, as the full reader takes them; a newer version is its to refuse.
        guard (1...9).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }),
            let version = Int(String(decoding: digits, as: UTF8.self)), version <= supported
        else { throw .surprise }
        cursor.skipSpace()
        guard try cursor.key() == Self.items else { throw .surprise }
        if try cursor.take("<array/>") { return false }
        try cursor.expect("<array>")
        return true
    }

    private static let formatVersion = PlistKeyName("formatVersion")
    private static let items = PlistKeyName("items")
}

// MARK: Records

extension ItemFileScanner {
    private enum RecordKey: String, CaseIterable {
        case changedAt, edits, hiddenAt, id, keptAt, priceHistory, snapshot, visitedAt
    }
    private enum EditsKey: String, CaseIterable {
        case artist, name, notes, price, releaseDate
    }
    private enum SnapshotKey: String, CaseIterable {
        case artist, artistId, artworkURL, collectionId, collectionName, collectionPrice, currency, genre, id, kind
        case largeArtworkURL, name, offer, previewURL, price, releaseDate, storeRegion, storeURL, summary
    }
    private enum PricePointKey: String, CaseIterable {
        case currency, date, offer, price
    }
    private static let recordKeys = PlistKeyName.table(of: RecordKey.self)
    private static let editsKeys = PlistKeyName.table(of: EditsKey.self)
    private static let snapshotKeys = PlistKeyName.table(of: SnapshotKey.self)
    private static let pricePointKeys = PlistKeyName.table(of: PricePointKey.self)

    /// One record, finished as the full reader finishes one (`ItemRecordDecoder`); a record it
    /// would leave its snapshot out of, or find damaged, is a surprise (the full reader says so).
    private func readRecord(_ cursor: inout PlistByteCursor) throws(Stop) -> ItemRecord {
        try cursor.expect("<dict>")
        var record = ItemRecord(id: "")
        var snapshot: SearchResult?
        while try !cursor.closes("</dict>") {
            switch PlistKeyName.lookup(try cursor.key(), in: Self.recordKeys) {
            case .changedAt: record.changedAt = try date(&cursor)
            case .hiddenAt: record.hiddenAt = try date(&cursor)
            case .keptAt: record.keptAt = try date(&cursor)
            case .visitedAt: record.visitedAt = try date(&cursor)
            case .id: record.id = try text(&cursor)
            case .edits: try readEdits(&cursor, into: &record.edits)
            case .snapshot: snapshot = try readSnapshot(&cursor, of: record.id)
            case .priceHistory: record.priceHistory = try readPriceHistory(&cursor)
            case nil: throw .surprise
            }
        }
        if let snapshot, snapshot.id.isEmpty || snapshot.name.isEmpty || snapshot.kind == .other("") { throw .surprise }
        guard !record.id.isEmpty || snapshot != nil else { throw .surprise }
        var reading = ItemFileFields.Reading(locale: locale)
        do { return try ItemRecordDecoder(record: record, snapshot: snapshot).finish(reading: &reading) } catch {
            throw .surprise
        }
    }

    /// Into the record's edits so far, as the full reader reads a second `edits` of a record.
    private func readEdits(_ cursor: inout PlistByteCursor, into edits: inout ItemEdits) throws(Stop) {
        if try cursor.take("<dict/>") { return }
        try cursor.expect("<dict>")
        while try !cursor.closes("</dict>") {
            switch PlistKeyName.lookup(try cursor.key(), in: Self.editsKeys) {
            case .artist: edits.artist = intern(try text(&cursor))
            case .name: edits.name = try text(&cursor)
            case .notes: edits.notes = try text(&cursor)
            case .price: edits.price = try decimal(&cursor)
            case .releaseDate: edits.releaseDate = try date(&cursor)
            case nil: throw .surprise
            }
        }
    }

    private func readSnapshot(_ cursor: inout PlistByteCursor, of recordID: String) throws(Stop) -> SearchResult {
        var result = SearchResult(id: "", name: "", kind: .other(""))
        if try cursor.take("<dict/>") { return result }
        try cursor.expect("<dict>")
        while try !cursor.closes("</dict>") {
            switch PlistKeyName.lookup(try cursor.key(), in: Self.snapshotKeys) {
            case .artist: result.artist = intern(try text(&cursor))
            case .artistId: result.artistID = try storeID(&cursor)
            case .artworkURL: result.$artworkURL = try link(&cursor)
            case .collectionId: result.collectionID = try storeID(&cursor)
            case .collectionName: result.collectionName = intern(try text(&cursor))
            case .collectionPrice: result.snapshotCollectionPrice = try decimal(&cursor)
            case .currency: result.currency = intern(try text(&cursor))
            case .genre: result.genre = intern(try text(&cursor))
            case .id:
                let id = try text(&cursor)
                result.id = id == recordID ? recordID : id  // one string for both
            case .kind: result.kind = ResultKind(storedName: try text(&cursor))
            case .largeArtworkURL: result.$largeArtworkURL = try link(&cursor)
            case .name: result.name = try text(&cursor)
            case .offer: result.snapshotRestriction = try restriction(&cursor)
            case .previewURL: result.$previewURL = try link(&cursor)
            case .price: result.price = try decimal(&cursor)
            case .releaseDate: result.releaseDate = try date(&cursor)
            case .storeRegion: result.storeRegion = intern(try text(&cursor))
            case .storeURL: result.$storeURL = try link(&cursor)
            case .summary: result.summary = try text(&cursor)
            case nil: throw .surprise
            }
        }
        return result
    }

    /// Every entry with a date and values that can be read, as the full reader takes a history
    /// whole (anything else it keeps unread and says so: a surprise here).
    private func readPriceHistory(_ cursor: inout PlistByteCursor) throws(Stop) -> [PricePoint] {
        if try cursor.take("<array/>") { return [] }
        try cursor.expect("<array>")
        var points: [PricePoint] = []
        while try !cursor.closes("</array>") {
            try cursor.expect("<dict>")
            var date: Date?, price: Decimal?, currency: String?, offer: StoreOffers.Restriction?
            while try !cursor.closes("</dict>") {
                switch PlistKeyName.lookup(try cursor.key(), in: Self.pricePointKeys) {
                case .currency: currency = intern(try text(&cursor))
                case .date: date = try self.date(&cursor)
                case .offer: offer = try restriction(&cursor)
                case .price: price = try decimal(&cursor)
                case nil: throw .surprise
                }
            }
            guard let date else { throw .surprise }
            points.append(PricePoint(date: date, price: price, currency: currency, offer: offer))
        }
        return points
    }
}

// MARK: Values

extension ItemFileScanner {
    /// `<string>…</string>` (or `<string/>`) as the text codec reads it.
    private func text(_ cursor: inout PlistByteCursor) throws(Stop) -> String {
        if try cursor.take("<string/>") { return "" }
        try cursor.expect("<string>")
        return try Self.string(cursor.text(closedBy: "</string>"))
    }

    /// The text of an element: plain UTF-8 as it is, else with its entities and character
    /// references read. A control character or a `>` is no text the writer writes (the full reader
    /// decides what it means); no control character is left to make showable (`TextBounds`).
    private static func string(_ raw: UnsafeBufferPointer<UInt8>) throws(Stop) -> String {
        var isPlain = true, isASCII = true
        for byte in raw {
            if byte < 0x20 {
                guard byte == 0x09 || byte == 0x0A else { throw .surprise }
            } else if byte >= 0x7F {
                guard byte != 0x7F else { throw .surprise }
                isASCII = false
            } else if byte == 0x26 {  // &
                isPlain = false
            } else if byte == 0x3E {  // >
                throw .surprise
            }
        }
        guard isPlain else { return try unescaped(raw) }
        if isASCII { return String(decoding: raw, as: UTF8.self) }
        guard let text = String(validating: raw, as: UTF8.self) else { throw .surprise }
        return text
    }

    /// Text with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and `&#13;`/`&#x1F600;` read.
    private static func unescaped(_ raw: UnsafeBufferPointer<UInt8>) throws(Stop) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == 0x26 else {
                bytes.append(byte)
                index += 1
                continue
            }
            // ;
            guard let semicolon = raw[index...].firstIndex(of: 0x3B), semicolon - index <= 12 else { throw .surprise }
            try appendReference(UnsafeBufferPointer(rebasing: raw[(index + 1)..<semicolon]), to: &bytes)
            index = semicolon + 1
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .surprise }
        return text
    }

    private static func appendReference(_ name: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) throws(Stop) {
        switch String(decoding: name, as: UTF8.self) {
        case "amp": bytes.append(0x26)
        case "lt": bytes.append(0x3C)
        case "gt": bytes.append(0x3E)
        case "quot": bytes.append(0x22)
        case "apos": bytes.append(0x27)
        case let reference where reference.hasPrefix("#"):
            let digits = reference.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            // Tab, line feed and carriage return, and characters a showable text keeps as they are.
            guard let value, !digits.contains("+"), !digits.contains("-"),
                value == 0x09 || value == 0x0A || value == 0x0D || (value >= 0x20 && value != 0x7F),
                value != 0xFFFE, value != 0xFFFF, let scalar = Unicode.Scalar(value)
            else { throw .surprise }
            bytes.append(contentsOf: String(Character(scalar)).utf8)
        default: throw .surprise
        }
    }

    private func date(_ cursor: inout PlistByteCursor) throws(Stop) -> Date {
        try cursor.expect("<date>")
        guard let date = ISO8601Date.fast(try cursor.text(closedBy: "</date>")) else { throw .surprise }
        return date
    }

    /// A price as text, or as another tool writes one, `<real>` (plistlib's floats) or `<integer>`,
    /// read as the decimal codec reads those; anything it would not read is a surprise.
    private func decimal(_ cursor: inout PlistByteCursor) throws(Stop) -> Decimal {
        if try cursor.take("<real>") {
            let text = String(decoding: try cursor.text(closedBy: "</real>"), as: UTF8.self)
            guard let number = PlistNumber.real(text), number.isFinite,
                let amount = Decimal(string: "\(number)", locale: Self.posix)
            else { throw .surprise }
            return amount
        }
        if try cursor.take("<integer>") {
            guard
                case .value(let number) = PlistNumber.integer(
                    String(decoding: try cursor.text(closedBy: "</integer>"), as: UTF8.self))
            else { throw .surprise }
            return Decimal(number)
        }
        guard let amount = StrictDecimal.parse(try text(&cursor), locale: locale) else { throw .surprise }
        return amount
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// A store id: up to 20 ASCII digits.
    private func storeID(_ cursor: inout PlistByteCursor) throws(Stop) -> String {
        let id = try text(&cursor)
        guard LookupQuery.isStoreID(id) else { throw .surprise }
        return id
    }

    private func restriction(_ cursor: inout PlistByteCursor) throws(Stop) -> StoreOffers.Restriction {
        guard let restriction = StoreOffers.Restriction(code: try text(&cursor)) else { throw .surprise }
        return restriction
    }

    /// A web link's text: one as StoreSearch writes it is its own text (`isPlainWebLink`); any
    /// other goes through `WebLink`, which checks that it is a web link, as the link codec does.
    private func link(_ cursor: inout PlistByteCursor) throws(Stop) -> String {
        let text = try text(&cursor)
        if Self.isPlainWebLink(text) { return text }
        guard let link = WebLink.written(text) else { throw .surprise }
        return link
    }

    /// `http(s)://host/path?query` in lowercase host letters and characters a URL keeps as they
    /// are, with no dot segment: `URL(string:)` gives it back unchanged (a test holds them to it).
    static func isPlainWebLink(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let scheme = bytes.starts(with: "https://".utf8) ? 8 : bytes.starts(with: "http://".utf8) ? 7 : 0
            guard scheme > 0, let slash = bytes[scheme...].firstIndex(of: 0x2F), slash > scheme,
                bytes[scheme..<slash].allSatisfy({ isHostByte($0) })
            else { return false }
            var index = slash
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x25 {  // %: two hex digits
                    guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                        return false
                    }
                    index += 3
                    continue
                }
                guard isPathByte(byte), !(byte == 0x2E && bytes[index - 1] == 0x2F) else { return false }  // no "/."
                index += 1
            }
            return true
        }
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x2E  // a-z 0-9 - .
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// Unreserved characters and sub-delimiters, `/`, `?`, `:` and `@`.
    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"),
            UInt8(ascii: "?"),
            UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
            UInt8(ascii: "'"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
            UInt8(ascii: ";"),
            UInt8(ascii: "="):
            true
        default: false
        }
    }

    /// One string for each long value seen before (a short one is kept in place anyway).
    private func intern(_ text: String) -> String {
        guard text.utf8.count > 15 else { return text }
        if let kept = interned[text] { return kept }
        if interned.count < 50_000 { interned[text] = text }
        return text
    }
}
