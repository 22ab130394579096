import Foundation

/// Everything the user did to one item. A hidden item also keeps a snapshot of the result, so
/// the Hidden Items list can name it and restore it without searching again.
public struct ItemRecord: Hashable, Sendable {
    public var id: String
    public var edits: ItemEdits
    public var visitedAt: Date?
    public var hiddenAt: Date?
    public var snapshot: SearchResult?
    /// Keys StoreSearch does not know (another tool's, a newer version's), kept and written back.
    public var otherFields: [String: PlistValue] = [:]

    public init(id: String, edits: ItemEdits = ItemEdits(), visitedAt: Date? = nil, hiddenAt: Date? = nil,
                snapshot: SearchResult? = nil) {
        self.id = id
        self.edits = edits
        self.visitedAt = visitedAt
        self.hiddenAt = hiddenAt
        self.snapshot = snapshot
    }

    /// A record that says nothing the store does not already say.
    var isEmpty: Bool { edits.isEmpty && visitedAt == nil && hiddenAt == nil && otherFields.isEmpty }
}
