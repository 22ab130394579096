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
    /// An `<integer>`, `<real>` or `<date>` another tool wrote that StoreSearch cannot hold (an
    /// integer beyond 64 bits, a date in a form it does not read): its text, written back as it was.
    case written(PlistWrittenElement, String)

    subscript(key: String) -> PlistValue? {
        if case .dictionary(let fields) = self { fields[key] } else { nil }
    }
}

/// The element a value kept as written (`PlistValue.written`) is written back in.
public enum PlistWrittenElement: String, Hashable, Sendable {
    case integer, real, date
}
