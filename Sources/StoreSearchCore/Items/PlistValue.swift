import Foundation

/// One property-list value, as the item file's readers parse it and its writer writes it. Keys
/// StoreSearch does not know (another tool's, a newer version's) are kept as these and written back.
public enum PlistValue: Hashable, Sendable {  // not indirect: arrays and dictionaries already box their values
    case string(String)
    case integer(Int)
    case real(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    subscript(key: String) -> PlistValue? {
        if case .dictionary(let fields) = self { fields[key] } else { nil }
    }
}
