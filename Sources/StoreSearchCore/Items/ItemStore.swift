import Foundation

/// The user's changes to items, keyed by item identity: edits, visited, hidden and kept marks,
/// each record with a snapshot of the result as last seen.
public struct ItemStore: Hashable, Sendable {
    public private(set) var records: [String: ItemRecord]
    /// Top-level keys of the item file that StoreSearch does not know (another tool's), kept and written back.
    public private(set) var otherFields: [String: PlistValue]
    /// Which records changed since this store was made (read from the file, or new): a save
    /// encodes only these (`PreviousSave`). Not part of the store's value.
    public private(set) var changeLog = ChangeLog()

    public struct ChangeLog: Sendable {
        /// Which store this log started with: its copies share it.
        let origin = UUID()
        var ids: Set<String> = []
    }

    public init(records: [String: ItemRecord] = [:], otherFields: [String: PlistValue] = [:]) {
        self.records = records
        self.otherFields = otherFields
    }

    public static func == (lhs: ItemStore, rhs: ItemStore) -> Bool {
        lhs.records == rhs.records && lhs.otherFields == rhs.otherFields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(records)
        hasher.combine(otherFields)
    }

    public var isEmpty: Bool { records.isEmpty }

    /// Search results as the user sees them: hidden ones removed, edits overlaid, visited flagged.
    public func apply(to results: [SearchResult]) -> [Item] {
        results.compactMap { result in
            guard let record = records[result.id] else { return Item(result: result) }
            if record.hiddenAt != nil { return nil }
            return Self.item(result, record)
        }
    }

    public func item(for result: SearchResult) -> Item {
        records[result.id].map { Self.item(result, $0) } ?? Item(result: result)
    }

    private static func item(_ result: SearchResult, _ record: ItemRecord) -> Item {
        let kept = record.keptAt == nil ? nil : record.snapshot
        return Item(
            result: result, edits: record.edits, visitedAt: record.visitedAt, priceChange: record.priceChange,
            priceHistory: record.priceHistory, keptFrom: kept.flatMap { $0.isSameStore(as: result) ? nil : $0 })
    }

    /// The store kept item `id` is watched in (nil: not kept).
    public func watchedStore(of id: String) -> WatchedStore? {
        guard let record = records[id], record.keptAt != nil else { return nil }
        return WatchedStore(snapshot: record.snapshot, priceHistory: record.priceHistory)
    }

    /// Kept item `id` is watched in `store` from now on: its snapshot and price history are that
    /// store's (its edits and marks stay).
    public mutating func watch(_ id: String, in store: WatchedStore, at date: Date = .nowToTheSecond) {
        guard records[id]?.keptAt != nil else { return }
        update(id, at: date) { record in
            record.snapshot = store.snapshot
            record.priceHistory = store.priceHistory
        }
    }

    public func isKept(_ id: String) -> Bool { records[id]?.keptAt != nil }

    public mutating func markVisited(_ result: SearchResult, at date: Date = .nowToTheSecond) {
        update(result.id, seen: result, at: date) { if $0.visitedAt == nil { $0.visitedAt = date } }
    }

    public mutating func markUnvisited(_ id: String, at date: Date = .nowToTheSecond) {
        update(id, at: date) { $0.visitedAt = nil }
    }

    public mutating func hide(_ result: SearchResult, at date: Date = .nowToTheSecond) {
        update(result.id, seen: result, at: date) { $0.hiddenAt = date }
    }

    public mutating func unhide(_ id: String, at date: Date = .nowToTheSecond) {
        update(id, at: date) { $0.hiddenAt = nil }
    }

    /// "Keep in My Items": listed there even with nothing else changed.
    public mutating func keep(_ result: SearchResult, at date: Date = .nowToTheSecond) {
        update(result.id, seen: result, at: date) { if $0.keptAt == nil { $0.keptAt = date } }
    }

    public mutating func unkeep(_ id: String, at date: Date = .nowToTheSecond) {
        update(id, at: date) { $0.keptAt = nil }
    }

    public mutating func setEdits(_ edits: ItemEdits, for result: SearchResult, at date: Date = .nowToTheSecond) {
        update(result.id, seen: result, at: date) { record in
            record.edits = edits
            // A value of another tool's that could not be read gives way to the user's own.
            var written: [String: PlistValue] = [:]
            ItemFileFields.editsFields.forEach { $0.write(edits, &written) }
            for key in written.keys { record.otherEditsFields[key] = nil }
        }
    }

    /// Drops the user's edits, keeping visited and hidden marks.
    public mutating func revertEdits(of id: String, at date: Date = .nowToTheSecond) {
        update(id, at: date) { record in
            record.edits = ItemEdits()
            // back to what the store says
            for field in ItemFileFields.editsFields { record.otherEditsFields[field.name] = nil }
        }
    }

    /// "Remove from My Items": the record is forgotten (edits, notes, marks).
    public mutating func forget(_ id: String) {
        records[id] = nil
        changeLog.ids.insert(id)
    }

    /// Takes what a merge with another writer's file made (`ItemMerge`).
    public mutating func take(_ merge: ItemMerge.Outcome) {
        for (id, record) in merge.changed {
            if let record { restore(record) } else { forget(id) }
        }
        otherFields = merge.otherFields
    }

    /// Puts back a record as it was (undoing `forget`).
    public mutating func restore(_ record: ItemRecord) {
        records[record.id] = record
        changeLog.ids.insert(record.id)
    }

    /// The store showed these results again: records of them get the newer snapshot (a kept
    /// one's price history follows it). Returns whether any record changed.
    @discardableResult
    public mutating func refreshSnapshots(from results: [SearchResult], at date: Date = .nowToTheSecond) -> Bool {
        var changed = false
        for result in results where records[result.id] != nil {
            let before = records[result.id]
            take(result.snapshot, for: result.id, at: date)
            changed = changed || records[result.id] != before
        }
        return changed
    }

    /// The kept items' prices looked up again (`PriceWatch`): their snapshots and price histories
    /// follow `results`. Returns the changes this made to prices, per item id.
    /// An id the answer names twice with two prices is not taken: which is the store's is not known.
    public mutating func refreshPrices(from results: [SearchResult], at date: Date = .nowToTheSecond) -> [String:
        PriceChange]
    {
        var changes: [String: PriceChange] = [:]
        for result in Self.unambiguous(results) where records[result.id]?.keptAt != nil {
            if let change = take(result.snapshot, for: result.id, at: date) { changes[result.id] = change }
        }
        return changes
    }

    /// `results` without those whose id comes again with another price (one of each kept).
    public static func unambiguous(_ results: [SearchResult]) -> [SearchResult] {
        var prices: [String: PricePoint] = [:], ambiguous: Set<String> = []
        for result in results {
            let point = PricePoint(of: result, at: .distantPast)
            if let seen = prices.updateValue(point, forKey: result.id), !seen.isSamePrice(as: point) {
                ambiguous.insert(result.id)
            }
        }
        var taken: Set<String> = []
        return results.filter { !ambiguous.contains($0.id) && taken.insert($0.id).inserted }
    }

    /// The kept items, with the store region each was last seen in (nil: never said), to look up.
    public var keptRecords: [ItemRecord] {
        records.values.filter { $0.keptAt != nil }.sorted { $0.id < $1.id }
    }

    /// Puts `snapshot` in the record of `id`; for a kept item whose price changed, adds the new
    /// price to its history and returns the change. A history starts at the first change, with
    /// the price the old snapshot had, dated when the item was kept (so a kept item whose price
    /// never changed, and a record from format 3, has none).
    /// A kept item belongs to the store it was kept in: a result from another store (another
    /// region or currency) changes nothing of it, and neither does one whose price could not be read.
    @discardableResult
    private mutating func take(_ snapshot: SearchResult, for id: String, at date: Date) -> PriceChange? {
        guard var record = records[id], record.snapshot != snapshot else { return nil }
        if record.snapshot != nil, snapshot.hasUnreadablePrice { return nil }
        var change: PriceChange?
        if record.keptAt != nil, let old = record.snapshot {
            guard old.isSameStore(as: snapshot) else { return nil }
            let now = PricePoint(of: snapshot, at: date)
            let last = record.priceHistory.last ?? PricePoint(of: old, at: record.keptAt ?? date)
            if !last.isSamePrice(as: now) {
                if record.priceHistory.isEmpty { record.priceHistory.append(last) }
                record.priceHistory.append(now)
                change = PriceChange(previous: last, current: now)
            }
        }
        record.snapshot = snapshot
        records[id] = record
        changeLog.ids.insert(id)
        return change
    }

    /// The records whose snapshot is missing (written before format 3), to look up.
    public var recordsWithoutSnapshot: [ItemRecord] {
        records.values.filter { $0.snapshot == nil }.sorted { $0.id < $1.id }
    }

    private mutating func update(
        _ id: String, seen result: SearchResult? = nil, at date: Date, _ change: (inout ItemRecord) -> Void
    ) {
        var record = records[id] ?? ItemRecord(id: id)
        let before = record
        change(&record)
        // Whole seconds, as the file keeps dates.
        if record != before {
            record.changedAt = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        }
        // My Items' stand-in for a record not looked up yet (no kind) is not the store's word. A
        // kept item's snapshot is the price watch's and the searches' to refresh (with its price
        // history): the result an action or an undo carries may be older than the last check,
        // and would write an old price over the new one.
        let isWatched = before.keptAt != nil && before.snapshot != nil
        if let result, result.kind != .other(""), !isWatched { record.snapshot = result.snapshot }
        records[id] = record.isEmpty ? nil : record
        changeLog.ids.insert(id)
    }
}

extension SearchResult {
    /// Whether `other` comes from the store this result came from: the same region and currency
    /// (either not said counts as the same).
    public func isSameStore(as other: SearchResult) -> Bool {
        func same(_ a: String?, _ b: String?) -> Bool { a == nil || b == nil || a == b }
        return same(storeRegion, other.storeRegion) && same(currency, other.currency)
    }

    /// What an item record keeps of this result: what the store's page says, with why it has no
    /// price of its own and its album's price (My Items and the export show "Album Only · $9.99"
    /// as search does), and its artist's and album's ids (More by, the album's tracks, also from My
    /// Items); not rental and HD prices, per-kind details, an artist's type or a refused link, which
    /// the next search brings again.
    public var snapshot: SearchResult {
        var copy = self
        copy.offers = offers?.restriction.map { StoreOffers(restriction: $0, collectionPrice: offers?.collectionPrice) }
        copy.details = nil
        copy.refusedStoreLink = nil
        copy.artistType = nil
        return copy
    }
}
