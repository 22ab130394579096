import Foundation
import StoreSearchCore

/// What My Items lists, kept off the main thread where the list is large: the list is made from
/// the store in the background when the window starts (so the first switch to the page only fills
/// its rows), kept up to date item by item as the store changes, and sorted and filtered in the
/// background, the newest request winning. A small list is all done at once, where a hop to
/// another thread would only cost a frame.
@MainActor
final class MyItemsListing {
    /// What the page asks for: an order, the "Show" filter and the typed text.
    struct Request {
        var order: MyItemsOrder
        var filter: MyItemsFilter
        var text: String
    }

    /// A listing to show: the positions in `list` that the request lets through, in order, and
    /// the items whose values changed since the last one (nil: any may have, the list was made anew).
    struct Listed {
        let list: MyItemsList
        let positions: [Int]
        var changed: Set<String>?
    }

    /// From this many items on, the list is made, sorted and filtered off the main thread (a pass
    /// over 100,000 items takes tens of milliseconds).
    nonisolated static let backgroundThreshold = 2_000

    /// A listing is ready (at once, or when its background work ends).
    let listed = Event<Listed>()
    /// Listings are handed over only once the page has been shown: until then the list is kept
    /// current and nothing else is done.
    var isLive = false
    /// The list as last made or updated (nil until first made).
    private(set) var list: MyItemsList?
    /// Work is under way in the background (tests wait for it).
    var isBusy: Bool { listingTask != nil || buildTask != nil }

    private let keeper: ItemStoreKeeper
    private let request: @MainActor () -> Request
    /// The store's change count that `list` reflects, and the one a list being made reflects.
    private var listChangeCount = -1
    private var buildChangeCount = -1
    /// Bumped by every new list and every new listing: a background result for an older one is dropped.
    private var listGeneration = 0
    private var listingGeneration = 0
    private var buildTask: Task<Void, Never>?
    private var listingTask: Task<Void, Never>?
    /// The list was made anew since the last listing handed over.
    private var isNewList = false

    init(keeper: ItemStoreKeeper, request: @escaping @MainActor () -> Request) {
        self.keeper = keeper
        self.request = request
        build()
    }

    /// The page came into view: it gets a listing, and the list is made again if the store
    /// changed behind its back (the last list is shown meanwhile).
    func pageShown() {
        let isFirst = !isLive
        isLive = true
        if list == nil || listChangeCount != keeper.changeCount {
            if list != nil { relist() }
            if buildTask == nil || buildChangeCount != keeper.changeCount { build() }
        } else if isFirst {
            relist()
        }
    }

    /// False until the item file has been read (in the background, after the window started).
    var isStoreLoaded: Bool { keeper.isLoaded }

    /// The item file was read (after the window started): the list made from the empty store
    /// before is dropped, and made from the items.
    func storeLoaded() {
        list = nil
        build()
    }

    /// The store changed (`ids` when known). Only this change since the list was made: just these
    /// items are refolded and put in place, and listed at once in the list's order (Remove selects
    /// the next row right after); a new order still being sorted starts again from this list.
    /// Otherwise (a visit made on the search page, a lookup) the list is made again.
    func storeChanged(ids: Set<String>?) {
        guard let list, let ids, listChangeCount == keeper.changeCount - 1 else { return build() }
        let updated = list.updating(ids, from: keeper.store)
        cancelBuild()
        listChangeCount = keeper.changeCount
        guard isLive else { return self.list = updated }
        let request = request()
        hand(Listed(list: updated, positions: updated.positions(request.filter, matching: request.text), changed: ids))
        if updated.order != request.order { relist() }
    }

    /// Lists what the page asks for now: at once for a small list or when there is nothing to do,
    /// else sorted and filtered off the main thread.
    func relist() {
        guard let list, isLive else { return }
        cancelListing()
        let request = request()
        // Every item in the list's order (the page shown, the filter cleared) is no work at all.
        if request.order == list.order, request.filter == .all, request.text.allSatisfy(\.isWhitespace) {
            return hand(Listed(list: list, positions: Array(0..<list.count), changed: []))
        }
        guard list.count >= Self.backgroundThreshold else {
            let sorted = list.sorted(by: request.order)
            return hand(Listed(list: sorted, positions: sorted.positions(request.filter, matching: request.text), changed: []))
        }
        let generation = listingGeneration, listVersion = listGeneration
        listingTask = Task { [weak self] in
            let listed = await Task.detached(priority: .userInitiated) {
                let sorted = list.sorted(by: request.order)
                return Listed(list: sorted, positions: sorted.positions(request.filter, matching: request.text), changed: [])
            }.value
            guard let self, self.listingGeneration == generation, self.listGeneration == listVersion else { return }
            self.hand(listed)
        }
    }

    /// Makes the list from the store: at once for a few items, else off the main thread.
    private func build() {
        cancelBuild()
        let store = keeper.store, order = request().order, changeCount = keeper.changeCount
        guard store.records.count >= Self.backgroundThreshold else {
            return listReady(MyItemsList(store: store, order: order), changeCount: changeCount)
        }
        let generation = listGeneration
        buildChangeCount = changeCount
        buildTask = Task { [weak self] in
            let list = await Task.detached(priority: .userInitiated) { MyItemsList(store: store, order: order) }.value
            guard let self, self.listGeneration == generation else { return }
            self.buildTask = nil
            self.listReady(list, changeCount: changeCount)
        }
    }

    private func listReady(_ list: MyItemsList, changeCount: Int) {
        listChangeCount = changeCount
        self.list = list
        isNewList = true
        relist()
    }

    private func hand(_ listed: Listed) {
        cancelListing()  // anything still filtering in the background is older
        list = listed.list
        var listed = listed
        if isNewList { listed.changed = nil }
        isNewList = false
        self.listed.send(listed)
    }

    private func cancelBuild() {
        listGeneration += 1
        buildTask?.cancel()
        buildTask = nil
    }

    private func cancelListing() {
        listingGeneration += 1
        listingTask?.cancel()
        listingTask = nil
    }
}
