import Foundation

/// Reads a binary property list (`bplist00`) into Foundation values, for the few types an item
/// file can hold: dictionaries with string keys, arrays, strings, integers, reals, booleans,
/// dates and data. Anything else (sets, UIDs, references out of range, cycles, nesting deeper
/// than `maximumDepth`) is an error value. Foundation's own binary parser is never given the
/// user's file: one changed byte (a dictionary marker turned into a set marker) made it crash
/// the app at every start.
final class BinaryPlistReader {
    struct Damaged: Error, CustomStringConvertible {
        var description: String
    }

    static let maximumDepth = 64

    /// Objects may be shared; this caps the values built, so a few objects that each refer to
    /// the next one twice cannot make the tree explode.
    private var budget: Int

    private let bytes: [UInt8]
    private let offsets: [Int]
    private let referenceSize: Int

    /// The top object, or `Damaged`.
    static func read(_ data: Data) throws(Damaged) -> Any {
        let reader = try BinaryPlistReader(Array(data))
        return try reader.object(at: reader.topObject, depth: 0)
    }

    private let topObject: Int

    private init(_ bytes: [UInt8]) throws(Damaged) {
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else { throw Damaged(description: "not a binary plist") }
        self.bytes = bytes
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else { throw Damaged(description: "bad trailer") }
        let count = try Self.integer(bytes, at: trailer + 8, size: 8)
        let top = try Self.integer(bytes, at: trailer + 16, size: 8)
        let table = try Self.integer(bytes, at: trailer + 24, size: 8)
        guard count > 0, top < count, table >= 8, table < trailer, count <= (trailer - table) / offsetSize else {
            throw Damaged(description: "bad trailer")
        }
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for index in 0..<count {
            let offset = try Self.integer(bytes, at: table + index * offsetSize, size: offsetSize)
            guard offset >= 8, offset < table else { throw Damaged(description: "object \(index) outside the file") }
            offsets.append(offset)
        }
        self.offsets = offsets
        topObject = top
        budget = 2_000_000 + 16 * count
    }

    private static func integer(_ bytes: [UInt8], at start: Int, size: Int) throws(Damaged) -> Int {
        guard start >= 0, size <= 8, start + size <= bytes.count else { throw Damaged(description: "read past the end") }
        var value: UInt64 = 0
        for byte in bytes[start..<start + size] { value = value << 8 | UInt64(byte) }
        guard value <= UInt64(Int.max) else { throw Damaged(description: "number out of range") }
        return Int(value)
    }

    private func object(at index: Int, depth: Int) throws(Damaged) -> Any {
        guard depth < Self.maximumDepth else { throw Damaged(description: "nested too deep") }
        budget -= 1
        guard budget > 0 else { throw Damaged(description: "too many values") }
        guard index >= 0, index < offsets.count else { throw Damaged(description: "reference out of range") }
        let start = offsets[index]
        let marker = bytes[start]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return false
            case 0x09: return true
            default: throw Damaged(description: "unsupported marker \(marker)")
            }
        case 0x1:
            let size = 1 << low
            guard size <= 8 else { throw Damaged(description: "integer too wide") }
            let raw = try Self.unsignedBits(bytes, at: start + 1, size: size)
            return size == 8 ? Int(Int64(bitPattern: raw)) : Int(raw)
        case 0x2:
            let size = 1 << low
            if size == 4 { return Double(Float(bitPattern: UInt32(try Self.unsignedBits(bytes, at: start + 1, size: 4)))) }
            guard size == 8 else { throw Damaged(description: "real of \(size) bytes") }
            return Double(bitPattern: try Self.unsignedBits(bytes, at: start + 1, size: 8))
        case 0x3:
            guard marker == 0x33 else { throw Damaged(description: "bad date") }
            return Date(timeIntervalSinceReferenceDate: Double(bitPattern: try Self.unsignedBits(bytes, at: start + 1, size: 8)))
        case 0x4:
            let (count, first) = try length(low, at: start)
            return Data(try slice(first, count))
        case 0x5:
            let (count, first) = try length(low, at: start)
            guard let text = String(bytes: try slice(first, count), encoding: .isoLatin1) else { throw Damaged(description: "bad string") }
            return text
        case 0x6:
            let (count, first) = try length(low, at: start)
            let raw = try slice(first, count * 2)
            let units = stride(from: 0, to: raw.count, by: 2).map { UInt16(raw[raw.startIndex + $0]) << 8 | UInt16(raw[raw.startIndex + $0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        case 0xA:
            let (count, first) = try length(low, at: start)
            var array: [Any] = []
            for position in 0..<count {
                array.append(try object(at: try reference(first, position), depth: depth + 1))
            }
            return array
        case 0xD:
            let (count, first) = try length(low, at: start)
            var dictionary: [String: Any] = [:]
            for position in 0..<count {
                guard let key = try object(at: try reference(first, position), depth: depth + 1) as? String else {
                    throw Damaged(description: "a dictionary key is not a string")
                }
                dictionary[key] = try object(at: try reference(first, count + position), depth: depth + 1)
            }
            return dictionary
        default:
            throw Damaged(description: "unsupported marker \(marker)")
        }
    }

    /// The element count of a string, data, array or dictionary, and where its contents start.
    private func length(_ low: Int, at start: Int) throws(Damaged) -> (count: Int, first: Int) {
        guard low == 0x0F else { return (low, start + 1) }
        guard start + 1 < bytes.count, bytes[start + 1] >> 4 == 0x1 else { throw Damaged(description: "bad length") }
        let size = 1 << Int(bytes[start + 1] & 0x0F)
        guard size <= 8 else { throw Damaged(description: "bad length") }
        let count = try Self.integer(bytes, at: start + 2, size: size)
        guard count <= bytes.count else { throw Damaged(description: "length past the end") }
        return (count, start + 2 + size)
    }

    private func reference(_ first: Int, _ position: Int) throws(Damaged) -> Int {
        try Self.integer(bytes, at: first + position * referenceSize, size: referenceSize)
    }

    private func slice(_ start: Int, _ count: Int) throws(Damaged) -> ArraySlice<UInt8> {
        guard count >= 0, start <= bytes.count, count <= bytes.count - start else { throw Damaged(description: "read past the end") }
        return bytes[start..<start + count]
    }

    private static func unsignedBits(_ bytes: [UInt8], at start: Int, size: Int) throws(Damaged) -> UInt64 {
        guard start >= 0, start + size <= bytes.count else { throw Damaged(description: "read past the end") }
        return bytes[start..<start + size].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
