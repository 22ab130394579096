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
    struct Request: Equatable, Sendable {
        var order: MyItemsOrder
        var filter: MyItemsFilter
        var text: String
    }

    /// A listing to show: the positions in `list` that the request lets through, in order, and
    /// the keys of those items (`MyItemsList.keys(at:)`: an item changed since the last listing
    /// has a new one, so the page binds again only those rows). Made off the main thread for a
    /// large list.
    struct Listed: Sendable {
        let list: MyItemsList
        let positions: [Int]
        let keys: [Int]

        nonisolated init(list: MyItemsList, positions: [Int]) {
            self.list = list
            self.positions = positions
            keys = list.keys(at: positions)
        }
    }

    /// From this many items on, the list is made, sorted and filtered off the main thread (a pass
    /// over 100,000 items takes tens of milliseconds).
    nonisolated static let backgroundThreshold = 2_000
    /// From this many changed items on (a price check's thousands), they are refolded off the main thread.
    nonisolated static let backgroundChanges = 64

    /// A listing is ready (at once, or when its background work ends).
    let listed = Event<Listed>()
    /// Listings are handed over only once the page has been shown: until then the list is kept
    /// current and nothing else is done.
    var isLive = false
    /// The list as last made or updated (nil until first made).
    private(set) var list: MyItemsList?
    /// Work is under way in the background (tests wait for it).
    var isBusy: Bool { listingTask != nil || buildTask != nil || updateTask != nil }

    private let items: Items
    private let request: @MainActor () -> Request
    /// The records changed since `list` was made that it does not show yet.
    private var unfolded: Set<String> = []
    /// The records a background update is folding into `list` (unfolded again if it is dropped).
    private var folding: Set<String> = []
    /// Bumped by every new list and every new listing: a background result for an older one is dropped.
    private var listGeneration = 0
    private var listingGeneration = 0
    private var buildTask: Task<Void, Never>?
    private var listingTask: Task<Void, Never>?
    /// Many changed items being refolded in the background.
    private var updateTask: Task<Void, Never>?
    private var updateGeneration = 0

    init(items: Items, request: @escaping @MainActor () -> Request) {
        self.items = items
        self.request = request
        // Typing not yet committed is shown by no list (the form shows it): taken with the next change.
        items.drafted.subscribe { [weak self] id in self?.unfolded.insert(id) }
        build()
    }

    /// The page came into view: it gets a listing, and the list is made again if the store
    /// changed behind its back (the last list is shown meanwhile).
    func pageShown() {
        let isFirst = !isLive
        isLive = true
        if isFirst, list != nil { relist() }  // the last list, while it follows the store
        if list == nil || !unfolded.isEmpty { followStore() }
    }

    /// False until the item file has been read (in the background, after the window started).
    var isStoreLoaded: Bool { items.isLoaded }

    /// The item file was read (after the window started): the list made from the empty store
    /// before is dropped, and made from the items.
    func storeLoaded() {
        list = nil
        build()
    }

    /// The records `ids` changed (`Items.changed`). Only they are refolded and put in place, and
    /// listed in the list's order: a few at once (Remove selects the next row right after), many
    /// (a price check's thousands) off the main thread; a new order still being sorted starts
    /// again from this list. A list still being made takes them once it is ready.
    func storeChanged(ids: Set<String>) {
        unfolded.formUnion(ids)
        followStore()
    }

    private func followStore() {
        guard let list, buildTask == nil else {
            if buildTask == nil { build() }
            return
        }
        guard !unfolded.isEmpty else { return }
        cancelUpdate()
        let ids = unfolded
        unfolded = []
        let changes = ids.map { (id: $0, record: items.store.records[$0]) }
        guard ids.count >= Self.backgroundChanges, list.count >= Self.backgroundThreshold else {
            return updated(list.updating(changes))
        }
        folding = ids
        let generation = listGeneration, update = updateGeneration, request = request()
        // The changed records go with the background work and are let go there (3,333 records
        // released on the main thread cost it milliseconds).
        let work = Task.detached(priority: .userInitiated) { () -> Listed in
            let updated = list.updating(changes)
            return Listed(list: updated, positions: updated.positions(request.filter, matching: request.text))
        }
        updateTask = Task { [weak self] in
            let listed = await work.value
            guard let self, self.listGeneration == generation, self.updateGeneration == update else { return }
            self.updateTask = nil
            self.folding = []
            self.updated(listed.list, listed: (request, listed))
        }
    }

    /// `list` follows the store, and is listed at once when the page is live (`listed`: what was
    /// listed with it in the background, for the request then).
    private func updated(_ updated: MyItemsList, listed: (Request, Listed)? = nil) {
        cancelListing()
        listGeneration += 1  // a listing still being made from the older list would show old values
        list = updated
        guard isLive else { return }
        let request = request()
        if let (made, listed) = listed, made == request { return hand(listed) }
        // The request changed while many changes were made in the background: listed anew there.
        guard updated.order == request.order, listed == nil else { return relist() }
        hand(Listed(list: updated, positions: updated.positions(request.filter, matching: request.text)))
    }

    /// Lists what the page asks for now: at once for a small list or when there is nothing to do,
    /// else sorted and filtered off the main thread.
    func relist() {
        guard let list, isLive else { return }
        cancelListing()
        let request = request()
        // Every item in the list's order (the page shown, the filter cleared) is no work at all.
        if request.order == list.order, request.filter == .all, request.text.allSatisfy(\.isWhitespace) {
            return hand(Listed(list: list, positions: Array(0..<list.count)))
        }
        guard list.count >= Self.backgroundThreshold else {
            let sorted = list.sorted(by: request.order)
            return hand(Listed(list: sorted, positions: sorted.positions(request.filter, matching: request.text)))
        }
        let generation = listingGeneration, listVersion = listGeneration
        listingTask = Task { [weak self] in
            let listed = await Task.detached(priority: .userInitiated) {
                let sorted = list.sorted(by: request.order)
                return Listed(list: sorted, positions: sorted.positions(request.filter, matching: request.text))
            }.value
            guard let self, self.listingGeneration == generation, self.listGeneration == listVersion else { return }
            self.hand(listed)
        }
    }

    /// Makes the list from the store: at once for a few items, else off the main thread.
    private func build() {
        cancelBuild()
        unfolded = []  // the new list reads every record
        let store = items.store, order = request().order
        guard store.records.count >= Self.backgroundThreshold else {
            return listReady(MyItemsList(store: store, order: order))
        }
        let generation = listGeneration
        buildTask = Task { [weak self] in
            let list = await Task.detached(priority: .userInitiated) { MyItemsList(store: store, order: order) }.value
            guard let self, self.listGeneration == generation else { return }
            self.buildTask = nil
            self.listReady(list)
        }
    }

    /// The list is made: it is listed, and then takes what changed while it was made.
    private func listReady(_ list: MyItemsList) {
        cancelUpdate()
        self.list = list
        relist()
        followStore()
    }

    private func hand(_ listed: Listed) {
        cancelListing()  // anything still filtering in the background is older
        list = listed.list
        self.listed.send(listed)
    }

    private func cancelUpdate() {
        unfolded.formUnion(folding)
        folding = []
        updateGeneration += 1
        updateTask?.cancel()
        updateTask = nil
    }

    private func cancelBuild() {
        cancelUpdate()
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
