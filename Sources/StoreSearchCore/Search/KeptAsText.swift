import Foundation

/// A link kept as its text and made a `URL` when read. A Foundation `URL` costs some 300 bytes
/// more than its text, and every record in the item file holds up to four links: 100,000 records
/// kept about 100 MB of URL objects that are read only when an item is shown.
@propertyWrapper
public struct KeptAsText: Hashable, Sendable {
    /// The link's text (`url.absoluteString`).
    public internal(set) var projectedValue: String?

    public init(wrappedValue: URL?) { projectedValue = wrappedValue?.absoluteString }

    public var wrappedValue: URL? {
        get { projectedValue.flatMap { URL(string: $0) } }
        set { projectedValue = newValue?.absoluteString }
    }
}
