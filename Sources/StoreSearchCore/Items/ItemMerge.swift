import Foundation

/// Another writer's copy of the item file (a sync tool, a second machine, a script) merged into
/// this session's store, three-way against the version this session last read or wrote (issue
/// #46): record by record and field by field, a change on one side only is taken as it is. The
/// same field changed on both sides keeps the user's value here, and the other value is offered
/// (`Conflict`). A record removed on one side and changed on the other is kept, changed. Price
/// histories are the store's word: merged by date. Other tools' keys are merged key by key.
public enum ItemMerge {
    /// A field both sides changed, to different values: this session's value stays; `theirs` is
    /// what the other writer wrote, which the user may take instead.
    public struct Conflict: Hashable, Sendable {
        public var id: String
        public var field: EditField
        public var theirs: ItemEdits
    }

    /// The fields of the detail form a conflict can be in.
    public enum EditField: String, CaseIterable, Sendable {
        case name, artist, price, releaseDate, notes

        var keyPath: WritableKeyPath<ItemEdits, String?>? {
            switch self {
            case .name: \.name
            case .artist: \.artist
            case .notes: \.notes
            case .price, .releaseDate: nil
            }
        }

        /// Whether the two edits hold the same value for this field.
        func same(_ a: ItemEdits, _ b: ItemEdits) -> Bool {
            switch self {
            case .price: a.price == b.price
            case .releaseDate: a.releaseDate == b.releaseDate
            default: a[keyPath: keyPath!] == b[keyPath: keyPath!]
            }
        }

        /// `edits` with this field's value taken from `other`.
        public func take(from other: ItemEdits, into edits: ItemEdits) -> ItemEdits {
            var edits = edits
            switch self {
            case .price: edits.price = other.price
            case .releaseDate: edits.releaseDate = other.releaseDate
            default: edits[keyPath: keyPath!] = other[keyPath: keyPath!]
            }
            return edits
        }
    }

    public struct Outcome: Sendable {
        /// The records that differ from this session's store, with their merged value (nil: gone).
        public var changed: [String: ItemRecord?] = [:]
        /// Top-level keys of other tools, merged.
        public var otherFields: [String: PlistValue]
        public var conflicts: [Conflict] = []
        /// Whether the merged store holds anything the other writer's file lacks (it is saved).
        public var differsFromTheirs = false
    }

    /// Merges `theirs` (the file as another writer left it) into `mine`; `base(id)` is record
    /// `id` as this session last read or wrote it (nil: it had none), `baseOtherFields` the top
    /// level's other keys then. `unseen(id, theirs)`: their record is one this session had
    /// before its last save (they wrote over that save unread): not a change of theirs.
    public static func merge(
        mine: ItemStore, theirs: ItemStore, base: (String) -> ItemRecord?, baseOtherFields: [String: PlistValue],
        unseen: (String, ItemRecord?) -> Bool = { _, _ in false }
    ) -> Outcome {
        var outcome = Outcome(
            otherFields: mergeKeys(mine: mine.otherFields, base: baseOtherFields, theirs: theirs.otherFields))
        for id in Set(mine.records.keys).union(theirs.records.keys) {
            let own = mine.records[id], their = theirs.records[id]
            let (merged, conflicts) = unseen(id, their) ? (own, []) : merge(mine: own, base: base(id), theirs: their)
            if merged != own { outcome.changed[id] = .some(merged) }
            if merged != theirs.records[id] { outcome.differsFromTheirs = true }
            outcome.conflicts += conflicts
        }
        if outcome.otherFields != theirs.otherFields { outcome.differsFromTheirs = true }
        outcome.conflicts.sort { ($0.id, $0.field.rawValue) < ($1.id, $1.field.rawValue) }
        return outcome
    }

    /// One record, three ways.
    static func merge(mine: ItemRecord?, base: ItemRecord?, theirs: ItemRecord?) -> (ItemRecord?, [Conflict]) {
        if theirs == base || theirs == mine { return (mine, []) }
        if mine == base { return (theirs, []) }
        // Removed on one side, changed on the other: kept, changed.
        guard let mine else { return (theirs, []) }
        guard let theirs else { return (mine, []) }
        return mergeFields(mine: mine, base: base ?? ItemRecord(id: mine.id), theirs: theirs)
    }

    private static func mergeFields(mine: ItemRecord, base: ItemRecord, theirs: ItemRecord) -> (ItemRecord, [Conflict])
    {
        var merged = mine, conflicts: [Conflict] = []
        for field in EditField.allCases where !field.same(theirs.edits, base.edits) {
            if field.same(mine.edits, base.edits) {
                merged.edits = field.take(from: theirs.edits, into: merged.edits)
            } else if !field.same(mine.edits, theirs.edits) {
                conflicts.append(Conflict(id: mine.id, field: field, theirs: theirs.edits))
            }
        }
        func pick<Value: Equatable>(_ keyPath: WritableKeyPath<ItemRecord, Value>) {
            if mine[keyPath: keyPath] == base[keyPath: keyPath] { merged[keyPath: keyPath] = theirs[keyPath: keyPath] }
        }
        pick(\.visitedAt)
        pick(\.hiddenAt)
        pick(\.keptAt)
        pick(\.snapshot)
        merged.changedAt = [mine.changedAt, theirs.changedAt].compactMap { $0 }.max()
        merged.priceHistory = mergeHistories(mine.priceHistory, theirs.priceHistory)
        merged.otherFields = mergeKeys(mine: mine.otherFields, base: base.otherFields, theirs: theirs.otherFields)
        merged.otherEditsFields = mergeKeys(
            mine: mine.otherEditsFields, base: base.otherEditsFields, theirs: theirs.otherEditsFields)
        merged.otherSnapshotFields = mergeKeys(
            mine: mine.otherSnapshotFields, base: base.otherSnapshotFields, theirs: theirs.otherSnapshotFields)
        return (merged, conflicts)
    }

    /// Both histories by date, an entry both have once.
    static func mergeHistories(_ mine: [PricePoint], _ theirs: [PricePoint]) -> [PricePoint] {
        guard mine != theirs else { return mine }
        var history: [PricePoint] = []
        for point in (mine + theirs).sorted(by: { $0.date < $1.date }) where !history.contains(point) {
            history.append(point)
        }
        return history
    }

    /// Keys three ways: a key changed (or removed) on their side only takes their value.
    static func mergeKeys(
        mine: [String: PlistValue], base: [String: PlistValue], theirs: [String: PlistValue]
    ) -> [String: PlistValue] {
        guard mine != theirs else { return mine }
        var merged = mine
        for key in Set(theirs.keys).union(base.keys) where theirs[key] != base[key] && mine[key] == base[key] {
            merged[key] = theirs[key]
        }
        return merged
    }
}
