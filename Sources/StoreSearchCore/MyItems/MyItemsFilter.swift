/// Which of My Items are listed.
public enum MyItemsFilter: String, CaseIterable, Sendable {
    case all, kept
    /// Kept items whose price fell at its last change.
    case priceDrops = "price-drops"
    case edited, visited, hidden

    public var displayName: String {
        switch self {
        case .all: localized("All")
        case .kept: localized("Kept")
        case .priceDrops: localized("Price Drops")
        case .edited: localized("Edited")
        case .visited: localized("Visited")
        case .hidden: localized("Hidden")
        }
    }

    /// The bit `MyItemsList` keeps per item for this filter (`all`: none needed).
    var mask: UInt8 {
        switch self {
        case .all: 0
        case .kept: 1
        case .edited: 2
        case .visited: 4
        case .hidden: 8
        case .priceDrops: 16
        }
    }

    public func includes(_ item: MyItem) -> Bool {
        switch self {
        case .all: true
        case .kept: item.isKept
        case .edited: item.isEdited
        case .visited: item.item.isVisited
        case .hidden: item.isHidden
        case .priceDrops: item.isPriceDrop
        }
    }
}
