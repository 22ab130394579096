import Foundation

/// Everything the user did to one item, with a snapshot of the result so that hidden items can
/// be listed and restored without searching again.
public struct ItemRecord: Hashable, Sendable, Codable {
    public var snapshot: SearchResult
    public var edits: ItemEdits
    public var visitedAt: Date?
    public var hiddenAt: Date?

    public init(snapshot: SearchResult, edits: ItemEdits = ItemEdits(), visitedAt: Date? = nil, hiddenAt: Date? = nil) {
        self.snapshot = snapshot
        self.edits = edits
        self.visitedAt = visitedAt
        self.hiddenAt = hiddenAt
    }

    /// A record that says nothing the store does not already say.
    var isEmpty: Bool { edits.isEmpty && visitedAt == nil && hiddenAt == nil }
}
