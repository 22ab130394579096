/// Which of My Items are listed.
public enum MyItemsFilter: String, CaseIterable, Sendable {
    case all, kept, edited, visited, hidden

    public var displayName: String {
        switch self {
        case .all: localized("All")
        case .kept: localized("Kept")
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
        }
    }

    public func includes(_ item: MyItem) -> Bool {
        switch self {
        case .all: true
        case .kept: item.isKept
        case .edited: item.isEdited
        case .visited: item.item.isVisited
        case .hidden: item.isHidden
        }
    }
}
