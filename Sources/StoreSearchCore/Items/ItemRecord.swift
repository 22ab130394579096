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
    public var snapshot: SearchResult?
    /// Keys StoreSearch does not know (another tool's, a newer version's), kept and written back.
    public var otherFields: [String: PlistValue] = [:]

    public init(id: String, edits: ItemEdits = ItemEdits(), visitedAt: Date? = nil, hiddenAt: Date? = nil,
                keptAt: Date? = nil, changedAt: Date? = nil, snapshot: SearchResult? = nil) {
        self.id = id
        self.edits = edits
        self.visitedAt = visitedAt
        self.hiddenAt = hiddenAt
        self.keptAt = keptAt
        self.changedAt = changedAt
        self.snapshot = snapshot
    }

    /// A record that says nothing the store does not already say.
    var isEmpty: Bool { edits.isEmpty && visitedAt == nil && hiddenAt == nil && keptAt == nil && otherFields.isEmpty }
}
