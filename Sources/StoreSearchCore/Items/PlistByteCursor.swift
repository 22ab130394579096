import Foundation

/// A position in the bytes of an XML property list as `PlistXMLWriter` lays it out, for
/// `ItemFileScanner`: it matches the writer's tags literally and hands out the raw text between
/// them. It never guesses: bytes that are not what the writer writes are a `surprise`, and bytes
/// that run out before a tag is whole are `needMore` (the next block decides).
struct PlistByteCursor {
    enum Stop: Error { case needMore, surprise }

    private let base: UnsafePointer<UInt8>?
    let count: Int
    /// The next byte to read.
    private(set) var at = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        count = bytes.count
    }

    var isAtEnd: Bool { at >= count }

    /// Space, tab and line feed between tags (a carriage return is not the writer's).
    mutating func skipSpace() {
        guard let base else { return }
        while at < count {
            let byte = base[at]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A else { return }
            at += 1
        }
    }

    /// Takes `literal` when the bytes go on with it; false (taking nothing) when they do not.
    mutating func take(_ literal: StaticString) throws(Stop) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard let base else { throw .needMore }
        let available = min(length, count - at)
        guard memcmp(base + at, literal.utf8Start, available) == 0 else { return false }
        guard available == length else { throw .needMore }
        at += length
        return true
    }

    mutating func expect(_ literal: StaticString) throws(Stop) {
        guard try take(literal) else { throw .surprise }
    }

    /// Space, then `</name>` when the dictionary or array ends there: false when something else follows.
    mutating func closes(_ tag: StaticString) throws(Stop) -> Bool {
        skipSpace()
        return try take(tag)
    }

    /// The raw bytes up to the next `<` (the text of the element just opened), then `closing`.
    mutating func text(closedBy closing: StaticString) throws(Stop) -> UnsafeBufferPointer<UInt8> {
        guard let base, at < count, let end = memchr(base + at, 0x3C, count - at) else { throw .needMore }  // <
        let start = at
        at = UnsafeRawPointer(end).assumingMemoryBound(to: UInt8.self) - base
        try expect(closing)
        return UnsafeBufferPointer(start: base + start, count: at - closing.utf8CodeUnitCount - start)
    }

    /// `<key>NAME</key>` and the space after it: the name, packed.
    mutating func key() throws(Stop) -> PlistKeyName {
        try expect("<key>")
        guard let name = PlistKeyName(try text(closedBy: "</key>")) else { throw .surprise }
        skipSpace()
        return name
    }
}

/// A key of up to 15 bytes (the item file's longest is 15) packed with its length into two words, so a key of the item file is told apart by
/// comparing integers rather than by making a string of it.
struct PlistKeyName: Equatable {
    private let low: UInt64
    private let high: UInt64

    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= 15 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        low = words.0
        high = words.1 | UInt64(bytes.count) << 56  // the 16th byte: "a" and "a\0" differ
    }

    init(_ text: String) {
        var bytes = Array(text.utf8)
        self = bytes.withUnsafeMutableBufferPointer { PlistKeyName(UnsafeBufferPointer($0))! }
    }

    /// The case of `Key` whose raw value is `name`.
    static func lookup<Key>(_ name: PlistKeyName, in table: [(name: PlistKeyName, key: Key)]) -> Key? {
        for entry in table where entry.name == name { return entry.key }
        return nil
    }

    static func table<Key: RawRepresentable & CaseIterable>(of _: Key.Type) -> [(name: PlistKeyName, key: Key)]
    where Key.RawValue == String {
        Key.allCases.map { (PlistKeyName($0.rawValue), $0) }
    }
}
