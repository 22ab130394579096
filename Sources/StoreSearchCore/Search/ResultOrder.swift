import Foundation

/// How results are listed: the store's own ranking ("Best Match", the order of its answer) or
/// by what the user sees in the row (their own name, artist or price where they set one).
public enum ResultOrder: String, CaseIterable, Sendable {
    case bestMatch = "best-match"
    case name
    case artist
    case price
    /// Newest first.
    case releaseDate = "release-date"

    public var displayName: String {
        switch self {
        case .bestMatch: localized("Best Match")
        case .name: localized("Name")
        case .artist: localized("Artist")
        case .price: localized("Price")
        case .releaseDate: localized("Release Date")
        }
    }

    /// `items` in this order; ties, and items without the value (listed last), keep the
    /// store's order.
    public func sorted(_ items: [Item]) -> [Item] {
        switch self {
        case .bestMatch: return items
        case .name: return Self.stable(items) { $0.name.localizedStandardCompare($1.name) }
        case .artist:
            return Self.stable(items) { Self.compare($0.artist, $1.artist) { $0.localizedStandardCompare($1) } }
        case .price:
            return Self.stable(items) {
                Self.compare($0.price, $1.price) {
                    $0 < $1 ? .orderedAscending : $0 > $1 ? .orderedDescending : .orderedSame
                }
            }
        case .releaseDate:
            return Self.stable(items) {
                Self.compare($0.releaseDate, $1.releaseDate) {
                    $0 > $1 ? .orderedAscending : $0 < $1 ? .orderedDescending : .orderedSame
                }
            }
        }
    }

    private static func compare<T>(_ left: T?, _ right: T?, _ order: (T, T) -> ComparisonResult) -> ComparisonResult {
        switch (left, right) {
        case let (left?, right?): order(left, right)
        case (nil, nil): .orderedSame
        case (nil, _): .orderedDescending  // missing values last
        case (_, nil): .orderedAscending
        }
    }

    private static func stable(_ items: [Item], by order: (Item, Item) -> ComparisonResult) -> [Item] {
        items.enumerated().sorted { left, right in
            switch order(left.element, right.element) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: left.offset < right.offset
            }
        }.map(\.element)
    }
}
