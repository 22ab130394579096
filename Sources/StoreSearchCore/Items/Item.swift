import Foundation

/// A result as the user sees it: the store's values with the user's edits on top.
public struct Item: Hashable, Sendable, Identifiable {
    public var result: SearchResult
    public var edits: ItemEdits
    public var visitedAt: Date?
    /// The last change of the store's price of a kept item (nil: none seen, or the user set their own).
    public var priceChange: PriceChange?
    /// A kept item's store prices, one per change, oldest first (the detail lists them).
    public var priceHistory: [PricePoint]
    /// A kept item shown from another store than the one it is kept from (a search in another
    /// region): the kept snapshot, whose store's prices are watched. Its price change is not shown
    /// beside this store's price.
    @OutOfLine public var keptFrom: SearchResult?

    public init(
        result: SearchResult, edits: ItemEdits = ItemEdits(), visitedAt: Date? = nil, priceChange: PriceChange? = nil,
        priceHistory: [PricePoint] = [], keptFrom: SearchResult? = nil
    ) {
        self.result = result
        self.edits = edits
        self.visitedAt = visitedAt
        self.priceChange = edits.price == nil && keptFrom == nil ? priceChange : nil
        self.priceHistory = priceHistory
        self.keptFrom = keptFrom
    }

    /// The lowest price the history holds in the current price's currency and offer.
    public var lowestPrice: PricePoint? { PricePoint.lowest(in: priceHistory) }

    public var id: String { result.id }
    public var name: String { edits.name ?? result.name }
    public var artist: String? { edits.artist ?? result.artist }
    public var price: Decimal? { edits.price ?? result.price }
    public var releaseDate: Date? { edits.releaseDate ?? result.releaseDate }
    public var notes: String { edits.notes ?? "" }
    public var isVisited: Bool { visitedAt != nil }

    /// "Tarkan (Song)", or "Unknown (Song)" with no artist, as StoreSearch shows it; an artist's
    /// own record is by no one: "Artist".
    public var artistAndKind: String {
        if result.kind == .artist, artist == nil { return result.kind.displayName }
        return filled(localized("%1$@ (%2$@)"), artist ?? localized("Unknown"), result.kind.displayName)
    }
}
