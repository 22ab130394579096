import Foundation

/// A binary property list (`bplist00`), read through Foundation. Foundation's parser segfaults
/// when an object is a set (one changed byte turns a dictionary into one), so a file with any
/// object of a type an item file cannot hold (sets, UIDs, unknown markers) is refused before
/// Foundation sees it. Objects may be shared; the conversion caps the values it builds and the
/// depth, so a few objects that each refer to the next one twice cannot make the tree explode.
enum BinaryPlist {
    struct Damaged: Error, CustomStringConvertible {
        let description: String
    }

    static func read(_ data: Data, tooDeep: inout Int) throws(Damaged) -> PlistValue {
        let bytes = [UInt8](data)
        guard bytes.count >= 40, bytes.starts(with: Array("bplist00".utf8)) else {
            throw Damaged(description: "not a binary plist")
        }
        func number(at start: Int, size: Int) -> Int? {
            guard start >= 0, size <= 8, start <= bytes.count - size else { return nil }
            let value = bytes[start..<start + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }
        let trailer = bytes.count - 32, offsetSize = Int(bytes[trailer + 6])
        guard (1...8).contains(offsetSize), let count = number(at: trailer + 8, size: 8),
            let table = number(at: trailer + 24, size: 8),
            count <= bytes.count, table <= trailer
        else { throw Damaged(description: "bad trailer") }
        // scalars, data, strings, arrays, dictionaries
        let allowed: Set<UInt8> = [0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0xA, 0xD]
        for index in 0..<count {
            guard let offset = number(at: table + index * offsetSize, size: offsetSize), offset < bytes.count,
                allowed.contains(bytes[offset] >> 4)
            else { throw Damaged(description: "object \(index) is not one an item file holds") }
        }
        guard let tree = try? PropertyListSerialization.propertyList(from: data, format: nil) else {
            throw Damaged(description: "not readable")
        }
        var budget = 2_000_000 + 16 * count
        return try value(tree, depth: 1, budget: &budget, tooDeep: &tooDeep) ?? .dictionary([:])
    }

    /// Nil for an array or dictionary nested deeper than the bound.
    private static func value(_ object: Any, depth: Int, budget: inout Int, tooDeep: inout Int) throws(Damaged)
        -> PlistValue?
    {
        budget -= 1
        guard budget > 0 else { throw Damaged(description: "too many values") }
        if depth > PlistXMLReader.maximumDepth, object is [Any] || object is [String: Any] {
            tooDeep += 1
            return nil
        }
        switch object {
        case let text as String: return .string(text)
        case let flag as Bool where type(of: object) == Bool.self: return .bool(flag)  // a number bridges to Bool too
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            return type == "d" || type == "f" ? .real(number.doubleValue) : .integer(number.intValue)
        case let date as Date: return .date(date)
        case let data as Data: return .data(data)
        case let array as [Any]:
            var values: [PlistValue] = []
            for element in array {
                if let kept = try value(element, depth: depth + 1, budget: &budget, tooDeep: &tooDeep) {
                    values.append(kept)
                }
            }
            return .array(values)
        case let dictionary as [String: Any]:
            var fields: [String: PlistValue] = [:]
            for (key, element) in dictionary {
                fields[key] = try value(element, depth: depth + 1, budget: &budget, tooDeep: &tooDeep)
            }
            return .dictionary(fields)
        default:
            throw Damaged(description: "a value of another type")
        }
    }
}
