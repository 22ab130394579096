import Foundation

/// The user's changes to items, keyed by item identity: edits, visited and hidden marks.
public struct ItemStore: Hashable, Sendable {
    public private(set) var records: [String: ItemRecord]

    public init(records: [String: ItemRecord] = [:]) { self.records = records }

    public var isEmpty: Bool { records.isEmpty }

    /// Search results as the user sees them: hidden ones removed, edits overlaid, visited flagged.
    public func apply(to results: [SearchResult]) -> [Item] {
        results.compactMap { result in
            guard let record = records[result.id] else { return Item(result: result) }
            if record.hiddenAt != nil { return nil }
            return Item(result: result, edits: record.edits, visitedAt: record.visitedAt)
        }
    }

    public func item(for result: SearchResult) -> Item {
        let record = records[result.id]
        return Item(result: result, edits: record?.edits ?? ItemEdits(), visitedAt: record?.visitedAt)
    }

    /// Hidden items as they were when hidden, most recently hidden first.
    public var hiddenItems: [SearchResult] {
        records.values.filter { $0.hiddenAt != nil }
            .sorted { ($0.hiddenAt!, $0.id) > ($1.hiddenAt!, $1.id) }
            .compactMap(\.snapshot)
    }

    public mutating func markVisited(_ result: SearchResult, at date: Date = Date()) {
        update(result.id) { if $0.visitedAt == nil { $0.visitedAt = date } }
    }

    public mutating func markUnvisited(_ id: String) {
        update(id) { $0.visitedAt = nil }
    }

    public mutating func hide(_ result: SearchResult, at date: Date = Date()) {
        update(result.id) {
            $0.hiddenAt = date
            $0.snapshot = result
        }
    }

    public mutating func unhide(_ id: String) {
        update(id) {
            $0.hiddenAt = nil
            $0.snapshot = nil
        }
    }

    public mutating func setEdits(_ edits: ItemEdits, for result: SearchResult) {
        update(result.id) { $0.edits = edits }
    }

    /// Drops the user's edits, keeping visited and hidden marks.
    public mutating func revertEdits(of id: String) {
        update(id) { $0.edits = ItemEdits() }
    }

    private mutating func update(_ id: String, _ change: (inout ItemRecord) -> Void) {
        var record = records[id] ?? ItemRecord(id: id)
        change(&record)
        records[id] = record.isEmpty ? nil : record
    }
}
