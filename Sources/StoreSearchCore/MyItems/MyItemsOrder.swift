/// How My Items are listed.
public enum MyItemsOrder: String, CaseIterable, Sendable {
    case name, artist
    /// Most recently changed first.
    case dateChanged = "date-changed"
    case price
    /// The largest drop first (as a share of the old price, so currencies compare), rises after,
    /// items whose price never changed last.
    case priceChange = "price-change"

    public var displayName: String {
        switch self {
        case .name: localized("Name")
        case .artist: localized("Artist")
        case .dateChanged: localized("Date Changed")
        case .price: localized("Price")
        case .priceChange: localized("Price Change")
        }
    }
}
