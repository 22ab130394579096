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
