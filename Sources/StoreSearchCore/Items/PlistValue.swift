import Foundation

/// A property-list value StoreSearch does not interpret: a key another tool (or a newer
/// StoreSearch) wrote into an item's record is kept as it was and written back at every save.
public indirect enum PlistValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    /// What PropertyListSerialization (or `BinaryPlistReader`) parsed; nil for anything else.
    init?(parsed value: Any) {
        switch value {
        case let value as String: self = .string(value)
        case let value as Bool: self = .bool(value)
        case let value as Int: self = .integer(value)
        case let value as Double: self = .real(value)
        case let value as Date: self = .date(value)
        case let value as Data: self = .data(value)
        case let value as [Any]: self = .array(value.compactMap(PlistValue.init(parsed:)))
        case let value as [String: Any]: self = .dictionary(value.compactMapValues(PlistValue.init(parsed:)))
        default: return nil
        }
    }
}
