import Foundation

/// Everything the user did to one item, with a snapshot of the result as the store last showed
/// it, so My Items can list it with no network (a record from before format 3 may lack one until
/// the item is seen again or looked up).
public struct ItemRecord: Hashable, Sendable {
    public var id: String
    public var edits: ItemEdits
    public var visitedAt: Date?
    public var hiddenAt: Date?
    /// When the user chose to keep it in My Items ("Keep in My Items", Ctrl+D).
    public var keptAt: Date?
    /// When the user last changed it (an edit, a mark, keeping it): My Items sorts by this.
    public var changedAt: Date?
    /// On the heap: a record's other fields are small, and a dictionary of records has room for
    /// many more than it holds (100,000 records take 262,144 places), each the size of a record.
    @OutOfLine public var snapshot: SearchResult?
    /// A kept item's prices as the store asked them, oldest first, one entry per change (the
    /// first is the price it had when kept, or when first seen again after format 3).
    public var priceHistory: [PricePoint] = []
    /// Keys StoreSearch does not know (another tool's, a newer version's), kept and written back.
    public var otherFields: [String: PlistValue] = [:]
    /// The same inside `edits` and `snapshot`, with values that could not be read (a price written
    /// "12,50x"), so that nothing another tool wrote is rewritten.
    public var otherEditsFields: [String: PlistValue] = [:]
    public var otherSnapshotFields: [String: PlistValue] = [:]

    public init(
        id: String, edits: ItemEdits = ItemEdits(), visitedAt: Date? = nil, hiddenAt: Date? = nil,
        keptAt: Date? = nil, changedAt: Date? = nil, snapshot: SearchResult? = nil
    ) {
        self.id = id
        self.edits = edits
        self.visitedAt = visitedAt
        self.hiddenAt = hiddenAt
        self.keptAt = keptAt
        self.changedAt = changedAt
        self.snapshot = snapshot
    }

    /// This record, made in a session that could not read the file, put over the file's copy
    /// read later: what the session set wins, field by field; what it never set is kept.
    public func merged(over older: ItemRecord) -> ItemRecord {
        var merged = self
        merged.edits = ItemEdits(
            name: edits.name ?? older.edits.name, artist: edits.artist ?? older.edits.artist,
            price: edits.price ?? older.edits.price, releaseDate: edits.releaseDate ?? older.edits.releaseDate,
            notes: edits.notes ?? older.edits.notes)
        merged.visitedAt = visitedAt ?? older.visitedAt
        merged.hiddenAt = hiddenAt ?? older.hiddenAt
        merged.keptAt = keptAt ?? older.keptAt
        merged.snapshot = snapshot ?? older.snapshot
        merged.priceHistory = priceHistory.isEmpty ? older.priceHistory : priceHistory
        merged.otherFields = older.otherFields.merging(otherFields) { $1 }
        merged.otherEditsFields = older.otherEditsFields.merging(otherEditsFields) { $1 }
        merged.otherSnapshotFields = older.otherSnapshotFields.merging(otherSnapshotFields) { $1 }
        return merged
    }

    /// A record that says nothing the store does not already say.
    var isEmpty: Bool {
        edits.isEmpty && visitedAt == nil && hiddenAt == nil && keptAt == nil && otherFields.isEmpty
            && otherEditsFields.isEmpty
    }
}
