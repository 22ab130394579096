import Foundation

/// Writes the item file's XML property list a buffer at a time, in the layout Foundation's
/// encoder uses (tabs, keys in sorted order, dates in whole UTC seconds; other tools' top-level
/// keys follow the items). A record that did not change since the last save is copied from that
/// save's file (`SavedFile`), runs of them with one read; the others are encoded (`record(_:)`).
struct PlistXMLWriter {
    private static let bufferSize = 256 * 1024
    /// Enough for any value the readers keep (`PlistXMLReader.maximumDepth`); deeper ones take more.
    private static let tabs = [UInt8](repeating: 0x09, count: PlistXMLReader.maximumDepth + 4)
    private var buffer: [UInt8] = []
    /// Bytes handed to `flush` so far.
    private var flushed = 0
    /// Records to copy from the last save's file, not read yet: one range of that file.
    private var run: Range<Int>?

    /// `{formatVersion: version, items: [each record, in the order of their ids]}` and other
    /// tools' keys after them; `flush` gets each full buffer, and the rest at the end. Returns
    /// where each record lies in what was written, or nil when `previous` could not be read (the
    /// save must start over without it).
    static func write<Failure>(
        formatVersion: Int, records: [String: ItemRecord], from previous: SavedFile?,
        otherFields: [String: PlistValue],
        flush: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) -> [String: Range<Int>]? {
        var writer = PlistXMLWriter()
        writer.buffer.reserveCapacity(bufferSize)
        writer.raw(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
                + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n"
                + "\t<key>formatVersion</key>\n\t<integer>\(formatVersion)</integer>\n\t<key>items</key>\n")
        writer.raw(records.isEmpty ? "\t<array/>\n" : "\t<array>\n")
        var ranges: [String: Range<Int>] = [:]
        ranges.reserveCapacity(records.count)
        for id in records.keys.sorted() {
            let offset = writer.flushed + writer.buffer.count + (writer.run?.count ?? 0)
            if let previous, let saved = previous.range(of: id) {
                if let run = writer.run, run.upperBound == saved.lowerBound {
                    writer.run = run.lowerBound..<saved.upperBound
                } else {
                    guard try writer.copyRun(from: previous, flush: flush) else { return nil }
                    writer.run = saved
                }
                ranges[id] = offset..<(offset + saved.count)
            } else {
                if let previous { guard try writer.copyRun(from: previous, flush: flush) else { return nil } }
                let bytes = record(records[id]!)
                ranges[id] = offset..<(offset + bytes.count)
                writer.buffer += bytes
                try writer.flushIfFull(flush)
            }
        }
        if let previous { guard try writer.copyRun(from: previous, flush: flush) else { return nil } }
        if !records.isEmpty { writer.raw("\t</array>\n") }
        writer.write(otherFields, depth: 0)
        writer.raw("</dict>\n</plist>\n")
        try flush(writer.buffer)
        return ranges
    }

    /// Reads the pending run of unchanged records from `previous` into the output, a buffer at a time.
    private mutating func copyRun<Failure>(from previous: SavedFile, flush: ([UInt8]) throws(Failure) -> Void)
        throws(Failure) -> Bool
    {
        guard var rest = run else { return true }
        run = nil
        while !rest.isEmpty {
            let piece = rest.lowerBound..<min(rest.upperBound, rest.lowerBound + Self.bufferSize)
            guard previous.read(piece, into: &buffer) else { return false }
            rest = piece.upperBound..<rest.upperBound
            try flushIfFull(flush)
        }
        return true
    }

    private mutating func flushIfFull<Failure>(_ flush: ([UInt8]) throws(Failure) -> Void) throws(Failure) {
        guard buffer.count >= Self.bufferSize else { return }
        try flush(buffer)
        flushed += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// One record of the items array, as `write` places it (two tabs deep).
    static func record(_ record: ItemRecord) -> [UInt8] {
        var writer = PlistXMLWriter()
        writer.write(ItemFileFields.plist(record), depth: 2)
        return writer.buffer
    }

    private mutating func indent(_ depth: Int) {
        if depth <= Self.tabs.count {
            buffer += Self.tabs[..<depth]
        } else {
            buffer += repeatElement(0x09, count: depth)
        }
    }

    private mutating func write(_ value: PlistValue, depth: Int) {
        indent(depth)
        switch value {
        case .string(let text): element("string", text)
        case .integer(let number): element("integer", String(number))
        case .real(let number):
            element(
                "real",
                number.isNaN ? "nan" : number.isInfinite ? (number < 0 ? "-infinity" : "+infinity") : "\(number)")
        case .bool(let flag): raw(flag ? "<true/>\n" : "<false/>\n")
        case .date(let date): element("date", ISO8601Date.string(for: date))
        case .data(let data): element("data", data.base64EncodedString())
        case .written(.integer, let text): element("integer", text)
        case .written(.real, let text): element("real", text)
        case .written(.date, let text): element("date", text)
        case .array([]): raw("<array/>\n")
        case .dictionary(let fields) where fields.isEmpty: raw("<dict/>\n")
        case .array(let values):
            raw("<array>\n")
            for value in values { write(value, depth: depth + 1) }
            indent(depth)
            raw("</array>\n")
        case .dictionary(let fields):
            raw("<dict>\n")
            write(fields, depth: depth)
            indent(depth)
            raw("</dict>\n")
        }
    }

    /// A dictionary's keys and values (inside `<dict>` at `depth`), keys in sorted order.
    private mutating func write(_ fields: [String: PlistValue], depth: Int) {
        for name in fields.keys.sorted() {
            indent(depth + 1)
            element("key", name)
            write(fields[name]!, depth: depth + 1)
        }
    }

    private mutating func raw(_ text: String) { buffer += text.utf8 }

    /// `&`, `<` and `>` as entities, a carriage return as a character reference (a parser reads a
    /// raw one as a line feed); control characters and the noncharacters XML cannot hold as U+FFFD,
    /// as the app shows them.
    private mutating func element(_ tag: StaticString, _ text: String) {
        buffer.append(0x3C)
        buffer += UnsafeBufferPointer(start: tag.utf8Start, count: tag.utf8CodeUnitCount)
        buffer.append(0x3E)
        for byte in text.utf8 {
            switch byte {
            case 0x26: raw("&amp;")
            case 0x3C: raw("&lt;")
            case 0x3E: raw("&gt;")
            case 0x0D: raw("&#13;")
            // U+FFFE and U+FFFF (EF BF BE/BF), which no XML reader takes, even as references
            case 0xBE...0xBF
            where buffer.count >= 2 && buffer[buffer.count - 1] == 0xBF && buffer[buffer.count - 2] == 0xEF:
                buffer.append(0xBD)
            case 0x09, 0x0A, 0x20...: buffer.append(byte)
            default: raw("\u{FFFD}")
            }
        }
        buffer += [0x3C, 0x2F]
        buffer += UnsafeBufferPointer(start: tag.utf8Start, count: tag.utf8CodeUnitCount)
        buffer += [0x3E, 0x0A]
    }
}
