import Foundation

/// Reads the item file straight from its bytes into records, for files in the exact shape
/// `ItemStoreXMLWriter` (and Foundation's encoder before it) writes: no tree of Foundation
/// objects is built, so loading takes a fraction of the memory (PropertyListSerialization held
/// about eight times the file's size at its peak). Anything else (comments, CDATA, other value
/// types, unknown keys, another date form) makes it return nil, and the caller reads the file
/// with PropertyListSerialization instead, so nothing is ever dropped.
struct ItemStoreXMLReader {
    struct Contents {
        var formatVersion: Int
        /// Nil for files of another format version, which are read elsewhere.
        var records: [String: ItemRecord]?
    }

    private struct Unexpected: Error {}

    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    private init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    static func read(_ data: Data) -> Contents? {
        data.withUnsafeBytes { buffer in
            var reader = ItemStoreXMLReader(buffer)
            return try? reader.document()
        }
    }

    // MARK: Document

    private mutating func document() throws -> Contents {
        skipSpace()
        if startsWith("<?xml") { try skip(past: "?>") }
        skipSpace()
        if startsWith("<!DOCTYPE") { try skip(past: ">") }
        skipSpace()
        guard startsWith("<plist") else { throw Unexpected() }
        try skip(past: ">")
        try open("dict")
        var version: Int?
        var records: [String: ItemRecord]?
        while let key = try nextKey() {
            switch key {
            case "formatVersion":
                guard let value = Int(try text("integer")) else { throw Unexpected() }
                version = value
            case "items":
                // Formats 2 and 3 are read here; the version comes first in every file StoreSearch writes.
                guard let version, ItemStoreFile.xmlFormats.contains(version) else { return Contents(formatVersion: version ?? 0, records: nil) }
                records = try items()
            default:
                throw Unexpected()
            }
        }
        try close("plist")
        guard let version else { throw Unexpected() }
        return Contents(formatVersion: version, records: ItemStoreFile.xmlFormats.contains(version) ? (records ?? [:]) : nil)
    }

    private mutating func items() throws -> [String: ItemRecord] {
        var records: [String: ItemRecord] = [:]
        skipSpace()
        if startsWith("<array/>") {
            index += 8
            return records
        }
        try open("array")
        while true {
            skipSpace()
            if startsWith("</array>") {
                index += 8
                return records
            }
            let record = try record()
            records[record.id] = record  // a repeated id: the last one wins, as PropertyListSerialization's path does
        }
    }

    private mutating func record() throws -> ItemRecord {
        try open("dict")
        var id: String?, edits = ItemEdits(), visitedAt: Date?, hiddenAt: Date?, keptAt: Date?, changedAt: Date?
        var snapshot: SearchResult?
        while let key = try nextKey() {
            switch key {
            case "id": id = try string()
            case "visitedAt": visitedAt = try date()
            case "hiddenAt": hiddenAt = try date()
            case "keptAt": keptAt = try date()
            case "changedAt": changedAt = try date()
            case "edits": edits = try self.edits()
            case "snapshot": snapshot = try result()
            default: throw Unexpected()
            }
        }
        guard let id = id ?? snapshot?.id else { throw Unexpected() }
        return ItemRecord(id: id, edits: edits, visitedAt: visitedAt, hiddenAt: hiddenAt, keptAt: keptAt, changedAt: changedAt,
                          snapshot: snapshot)
    }

    private mutating func edits() throws -> ItemEdits {
        var edits = ItemEdits()
        if try emptyDictionary() { return edits }
        while let key = try nextKey() {
            switch key {
            case "name": edits.name = try string()
            case "artist": edits.artist = try string()
            case "notes": edits.notes = try string()
            case "price": edits.price = try decimal()
            case "releaseDate": edits.releaseDate = try date()
            default: throw Unexpected()
            }
        }
        return edits
    }

    private mutating func result() throws -> SearchResult {
        var fields: [String: String] = [:]
        var releaseDate: Date?
        if try emptyDictionary() { throw Unexpected() }
        while let key = try nextKey() {
            switch key {
            case "id", "name", "artist", "kind", "genre", "price", "currency", "storeURL", "previewURL", "artworkURL",
                 "largeArtworkURL", "summary", "collectionName", "storeRegion":
                fields[key] = try string()
            case "releaseDate": releaseDate = try date()
            default: throw Unexpected()
            }
        }
        guard let id = fields["id"], let name = fields["name"], let kind = fields["kind"] else { throw Unexpected() }
        func url(_ key: String) -> URL? { fields[key].flatMap { WebLink.web(URL(string: $0)) } }
        var price: Decimal?
        if let text = fields["price"] {
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { throw Unexpected() }
            price = value
        }
        return SearchResult(id: id, name: name, artist: fields["artist"], kind: ResultKind(storedName: kind), genre: fields["genre"],
                            price: price, currency: fields["currency"], releaseDate: releaseDate, storeURL: url("storeURL"),
                            previewURL: url("previewURL"),
                            collectionName: fields["collectionName"], storeRegion: fields["storeRegion"],
                            artworkURL: url("artworkURL"), largeArtworkURL: url("largeArtworkURL"), summary: fields["summary"])
    }

    // MARK: Values

    /// The next key of the dictionary being read, or nil at its end (which is consumed).
    private mutating func nextKey() throws -> String? {
        skipSpace()
        if startsWith("</dict>") {
            index += 7
            return nil
        }
        return try text("key")
    }

    /// True (and consumed) for `<dict/>`; otherwise consumes `<dict>`.
    private mutating func emptyDictionary() throws -> Bool {
        skipSpace()
        if startsWith("<dict/>") {
            index += 7
            return true
        }
        try open("dict")
        return false
    }

    private mutating func string() throws -> String {
        skipSpace()
        if startsWith("<string/>") {
            index += 9
            return ""
        }
        return try text("string")
    }

    private mutating func decimal() throws -> Decimal {
        guard let value = Decimal(string: try string(), locale: Locale(identifier: "en_US_POSIX")) else { throw Unexpected() }
        return value
    }

    /// "2001-09-09T01:46:40Z", the only form the writers use.
    private mutating func date() throws -> Date {
        let text = Array(try self.text("date").utf8)
        guard text.count == 20 || (text.count == 21 && text[0] == UInt8(ascii: "-")) else { throw Unexpected() }
        let offset = text.count - 20
        func number(_ range: Range<Int>) throws -> Int64 {
            var value: Int64 = 0
            for byte in text[(range.lowerBound + offset)..<(range.upperBound + offset)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw Unexpected() }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let separators: [(Int, UInt8)] = [(4, 0x2D), (7, 0x2D), (10, 0x54), (13, 0x3A), (16, 0x3A), (19, 0x5A)]
        guard separators.allSatisfy({ text[$0.0 + offset] == $0.1 }) else { throw Unexpected() }
        var year = try number(0..<4)
        if offset == 1 { year = -year }
        let month = try number(5..<7), day = try number(8..<10)
        let hour = try number(11..<13), minute = try number(14..<16), second = try number(17..<19)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { throw Unexpected() }
        // Days from the civil date (Howard Hinnant's algorithm), the inverse of the writer's.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// The decoded text of `<name>…</name>`.
    private mutating func text(_ name: StaticString) throws -> String {
        try open(name)
        let start = index
        guard let found = memchr(bytes.baseAddress! + index, 0x3C, bytes.count - index) else { throw Unexpected() }
        let end = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
        index = end
        try close(name)
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        guard memchr(raw.baseAddress ?? UnsafeRawPointer(bytes.baseAddress!), 0x26, raw.count) != nil, !raw.isEmpty else {
            return String(decoding: raw, as: UTF8.self)
        }
        return try Self.decodingEntities(raw)
    }

    private static func decodingEntities(_ raw: UnsafeRawBufferPointer) throws -> String {
        var output: [UInt8] = []
        output.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            guard byte == 0x26 else {
                output.append(byte)
                index += 1
                continue
            }
            var end = index + 1
            while end < raw.count, end - index < 12, raw[end] != 0x3B { end += 1 }
            guard end < raw.count, raw[end] == 0x3B else { throw Unexpected() }
            let entity = String(decoding: UnsafeRawBufferPointer(rebasing: raw[(index + 1)..<end]), as: UTF8.self)
            switch entity {
            case "amp": output.append(0x26)
            case "lt": output.append(0x3C)
            case "gt": output.append(0x3E)
            case "quot": output.append(0x22)
            case "apos": output.append(0x27)
            default:
                let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16)
                    : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                guard let number, let scalar = Unicode.Scalar(number) else { throw Unexpected() }
                output.append(contentsOf: Array(String(scalar).utf8))
            }
            index = end + 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: Tokens

    private mutating func open(_ name: StaticString) throws {
        skipSpace()
        try expect("<", name, ">")
    }

    private mutating func close(_ name: StaticString) throws {
        skipSpace()
        try expect("</", name, ">")
    }

    private mutating func expect(_ parts: StaticString...) throws {
        for part in parts {
            guard startsWith(part) else { throw Unexpected() }
            index += part.utf8CodeUnitCount
        }
    }

    private func startsWith(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        return memcmp(bytes.baseAddress! + index, literal.utf8Start, count) == 0
    }

    private mutating func skip(past literal: StaticString) throws {
        while index < bytes.count {
            if startsWith(literal) {
                index += literal.utf8CodeUnitCount
                return
            }
            index += 1
        }
        throw Unexpected()
    }

    private mutating func skipSpace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }
}
