import Foundation
import Gtk
import StoreSearchCore

/// Fills in the snapshots that records from before format 3 lack, through the store's lookup
/// endpoint (`/lookup?id=…`): in the background after start, at most 200 ids a request, one
/// request at a time, in the current store region (such records never said theirs), through the
/// search service (its deadline, cache and Retry-After). A lookup that fails or finds nothing
/// leaves the records as they were; the next start tries again. Records the user touches or
/// sees in a search in the meantime get their snapshot from there.
@MainActor
final class SnapshotLookup {
    private let service: SearchService
    private let keeper: ItemStoreKeeper
    private var task: Task<Void, Never>?

    init(service: SearchService, keeper: ItemStoreKeeper) {
        self.service = service
        self.keeper = keeper
    }

    /// Looks up every record without a snapshot; `onFound` runs after each answer that added some.
    func start(region: String, onFound: @escaping @MainActor () -> Void) {
        let ids = keeper.store.recordsWithoutSnapshot.compactMap { LookupQuery.storeID(ofItem: $0.id) }
        guard !ids.isEmpty else { return }
        Log.message(LogDomain.app, "Looking up \(ids.count) saved items that have no details yet")
        task = Task { [weak self] in
            for start in stride(from: 0, to: ids.count, by: LookupQuery.maximumIDs) {
                let chunk = Array(ids[start..<min(ids.count, start + LookupQuery.maximumIDs)])
                guard let query = LookupQuery(ids: chunk, country: region), let self else { return }
                do {
                    let results = try await self.service.lookup(query)
                    if Task.isCancelled { return }
                    let missing = Set(self.keeper.store.recordsWithoutSnapshot.map(\.id))
                    self.keeper.refreshSnapshots(from: results.filter { missing.contains($0.id) })
                    onFound()
                } catch {
                    // Offline, throttled or failing: the records stay as they are until the next start.
                    Log.message(LogDomain.app, "Looking up saved items failed, to be tried at the next start: \(error)")
                    return
                }
            }
        }
    }

    func cancel() { task?.cancel() }
}
