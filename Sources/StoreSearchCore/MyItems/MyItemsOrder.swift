/// How My Items are listed.
public enum MyItemsOrder: String, CaseIterable, Sendable {
    case name, artist
    /// Most recently changed first.
    case dateChanged = "date-changed"
    case price

    public var displayName: String {
        switch self {
        case .name: localized("Name")
        case .artist: localized("Artist")
        case .dateChanged: localized("Date Changed")
        case .price: localized("Price")
        }
    }
}
