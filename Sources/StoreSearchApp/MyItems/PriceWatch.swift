import Foundation
import Gtk
import StoreSearchCore

/// Looks the user's items up again through the store's lookup endpoint (`/lookup?id=…`), in the
/// background: at start once the item file is read, then every `interval` (6 hours) while the
/// app runs. Kept items are asked for in the store region each was last seen in, records saved
/// before format 3 (no snapshot) in the current one; grouped by region, at most 200 ids a request,
/// one request at a time, through the search service (its deadline and Retry-After). Kept items
/// take the new snapshot and, when the price changed, an entry in their price history; records
/// without a snapshot get one. A `Retry-After` is waited out (at most `maximumRetries` times a
/// request, never longer than the interval); any other failure ends the check, and the next one
/// (in 6 hours, or at the next start) tries again. Records the user touches or sees in a search
/// meanwhile get their snapshot from there.
@MainActor
package final class PriceWatch {
    static let defaultInterval: Duration = .seconds(6 * 60 * 60)
    static let maximumRetries = 3

    private let service: SearchService
    /// The app's items: a check's answers go into the store through them, and they announce
    /// what changed (`Items.changed`, cause `.priceCheck`). Those removed from My Items whose
    /// removal can be undone are watched too.
    private let items: Items
    /// The store region records without a snapshot (which never said theirs) are asked in.
    private let region: () -> String
    private let interval: Duration
    private var task: Task<Void, Never>?
    private var timer: Gtk.Timer?

    /// A check ended with every request answered: the price changes it found, by item id.
    package let checked = Event<[String: PriceChange]>()
    /// A check ended early: the store could not be reached or failed (not a cancellation); what failed.
    let failed = Event<String>()
    /// A check is under way (tests and the bench wait for it to end).
    package var isChecking: Bool { task != nil }

    init(
        service: SearchService, items: Items,
        interval: Duration = PriceWatch.defaultInterval,
        region: @escaping () -> String
    ) {
        self.service = service
        self.items = items
        self.interval = interval
        self.region = region
    }

    /// Whether the 6-hour timer runs (`start` was called, `cancel` not since).
    var isStarted: Bool { timer != nil }

    /// Checks now (unless `checkingNow` is false: no network yet), then every `interval`.
    func start(checkingNow: Bool = true) {
        if checkingNow { check() }
        timer?.cancel()
        timer = MainContext.every(interval) { [weak self] in
            self?.check()
            return self != nil
        }
    }

    /// One check, unless one is under way.
    package func check() {
        guard task == nil, items.isLoaded else { return }
        let store = items.store, removed = items.removed, region = region()
        task = Task { [weak self] in
            // Sorting 10,000 records into requests is no work for the main loop.
            let (queries, missing, linked) = await Task.detached {
                (
                    Self.queries(for: store, removed: removed, region: region),
                    Set(store.recordsWithoutSnapshot.map(\.id)),
                    Self.linkedItems(in: [store, removed])
                )
            }.value
            guard let self, !Task.isCancelled else { return }
            guard !queries.isEmpty else {
                self.task = nil
                return self.checked.send([:])  // nothing to look up: done
            }
            Log.message(
                LogDomain.app,
                "Looking up \(queries.reduce(0) { $0 + $1.ids.count }) saved items in \(queries.count) requests")
            var changes: [String: PriceChange] = [:]
            var changed: Set<String> = []
            do {
                try await Self.run(
                    queries, service: self.service, longestWait: TimeInterval(self.interval.components.seconds)
                ) { results in
                    let results = Self.rekeyed(results, linked: linked)
                    let taken = self.items.takePriceCheck(results, missing: missing)
                    changes.merge(taken.changes) { $1 }
                    changed.formUnion(taken.ids)
                }
                self.task = nil
                self.items.pricesChecked(changed)
                self.checked.send(changes)
            } catch {
                // Offline, throttled for long or failing: the next check (or start) tries again.
                let cancelled = error is CancellationError
                if !cancelled {
                    Log.message(LogDomain.app, "Looking up saved items failed, to be tried again later: \(error)")
                }
                self.task = nil
                self.items.pricesChecked(changed)
                if !cancelled { self.failed.send((error as? SearchFailure)?.message ?? "\(error)") }
            }
        }
    }

    func cancel() {
        timer?.cancel()
        timer = nil
        task?.cancel()
        task = nil
    }

    /// What a check asks for: kept items in the region each was last seen in, records without a
    /// snapshot in `region`; per region, at most 200 ids a request. An item known only by its
    /// store link (the store named no id for it) is asked for by the id its link names, in the
    /// link's region. `removed`: kept items taken out of My Items whose removal can still be
    /// undone, watched too (Undo puts them back with the prices seen meanwhile).
    nonisolated static func queries(for store: ItemStore, removed: ItemStore = ItemStore(), region: String)
        -> [LookupQuery]
    {
        func lookup(_ record: ItemRecord) -> (id: String, region: String)? {
            if let id = LookupQuery.storeID(ofItem: record.id) { return (id, record.snapshot?.storeRegion ?? region) }
            guard let link = link(ofItem: record.id) else { return nil }
            return (link.id, record.snapshot?.storeRegion ?? link.region ?? region)
        }
        let missing = store.recordsWithoutSnapshot.compactMap(lookup)
        let kept = (store.keptRecords + removed.keptRecords.filter { store.records[$0.id] == nil }).filter {
            $0.snapshot != nil
        }
        return LookupQuery.batches(storeIDs: missing + kept.compactMap(lookup))
    }

    /// The link of an item known only by it ("url:https://music.apple.com/…"), when it names a store id.
    nonisolated static func link(ofItem id: String) -> StoreLink? {
        guard id.hasPrefix("url:"), case .success(let link) = StoreLink.parse(String(id.dropFirst(4))) else {
            return nil
        }
        return link
    }

    /// The items known only by their link, by the store id the link names.
    nonisolated static func linkedItems(in stores: [ItemStore]) -> [String: [String]] {
        var linked: [String: [String]] = [:]
        for store in stores {
            for id in store.records.keys where id.hasPrefix("url:") {
                if let link = link(ofItem: id) { linked[link.id, default: []].append(id) }
            }
        }
        return linked
    }

    /// A lookup's answer with a copy of each result under the id of every item known only by a
    /// link to it (`linked`), so that those records take it as records of its id do.
    nonisolated static func rekeyed(_ results: [SearchResult], linked: [String: [String]]) -> [SearchResult] {
        guard !linked.isEmpty else { return results }
        return results.flatMap { result -> [SearchResult] in
            guard let id = LookupQuery.storeID(ofItem: result.id) ?? link(ofItem: result.id)?.id, let items = linked[id]
            else { return [result] }
            return [result]
                + items.filter { $0 != result.id }.map { item in
                    var copy = result
                    copy.id = item
                    return copy
                }
        }
    }

    /// The answer's records of the ids `query` asked for (a misbehaving server may add others).
    /// Those whose price could not be read are logged: their items keep their last price.
    nonisolated static func answered(_ query: LookupQuery, _ results: [SearchResult]) -> [SearchResult] {
        let asked = Set(query.ids)
        let answered = results.filter { LookupQuery.storeID(ofItem: $0.id).map(asked.contains) ?? false }
        let unreadable = answered.filter(\.hasUnreadablePrice).map(\.id)
        if !unreadable.isEmpty {
            Log.message(
                LogDomain.app,
                "The store's answer had no readable price for \(unreadable.joined(separator: ", ")): they keep their last price"
            )
        }
        return answered
    }

    /// Sends `queries` one at a time (fresh, not from the search cache), handing each answer to
    /// `apply`. A `Retry-After` no further off than `longestWait` is waited out, up to
    /// `maximumRetries` times a request; any other failure is thrown.
    static func run(
        _ queries: [LookupQuery], service: SearchService, longestWait: TimeInterval,
        apply: ([SearchResult]) -> Void
    ) async throws {
        for query in queries {
            var retries = 0
            while true {
                do {
                    let results = answered(query, try await service.lookup(query, fresh: true))
                    try Task.checkCancellation()
                    apply(results)
                    break
                } catch SearchFailure.retryLater(let status, let date, let seconds) {
                    let wait = max(1, date.timeIntervalSinceNow)
                    guard retries < maximumRetries, wait <= longestWait else {
                        throw SearchFailure.retryLater(status: status, after: date, waitSeconds: seconds)
                    }
                    retries += 1
                    Log.message(
                        LogDomain.app,
                        "The store asked to wait \(Int(wait.rounded(.up))) s before looking up saved items")
                    try await Task.sleep(for: .milliseconds(Int(wait * 1000)))
                }
            }
        }
    }
}
