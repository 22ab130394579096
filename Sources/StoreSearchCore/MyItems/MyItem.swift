import Foundation

/// One entry of My Items: the item as the user sees it, with what brought it there.
public struct MyItem: Hashable, Sendable, Identifiable {
    public var item: Item
    public var keptAt: Date?
    public var hiddenAt: Date?
    public var changedAt: Date?
    /// The record has no snapshot yet (written before format 3, not looked up since).
    public var isAwaitingLookup: Bool
    /// The lowest of them in the current currency and offer.
    public var lowestPrice: PricePoint?
    /// The store's price fell at its last change.
    public var isPriceDrop: Bool { item.priceChange?.isDrop == true }

    public var id: String { item.id }
    public var isKept: Bool { keptAt != nil }
    public var isHidden: Bool { hiddenAt != nil }
    /// Edited fields or notes.
    public var isEdited: Bool { !item.edits.isEmpty }

    public init(record: ItemRecord) {
        // Without a snapshot, a stand-in: the user's name shows over it (as an edit), and is
        // never taken for the store's (the form would drop an edit equal to the store's name).
        let result =
            record.snapshot ?? SearchResult(id: record.id, name: localized("Item not looked up yet"), kind: .other(""))
        item = Item(
            result: result, edits: record.edits, visitedAt: record.visitedAt, priceChange: record.priceChange,
            priceHistory: record.priceHistory)
        lowestPrice = record.lowestPrice
        keptAt = record.keptAt
        hiddenAt = record.hiddenAt
        changedAt = record.changedAt
        isAwaitingLookup = record.snapshot == nil
    }
}
