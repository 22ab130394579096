import Foundation
import Gtk
import StoreSearchCore

/// Browsing from an item: the results pane holds a stack of pages, the search's own results at
/// the bottom, then an artist's works, an album's tracks, … (each filled by the store's lookup,
/// `BrowsePage`), or a whole chart (See All on the Explore page). More by NAME, Show Tracks, an artist's row and an artist's store link push a
/// page; Back (the bar's button, Alt+Left, Escape in the list, the mouse's back button) pops it
/// and shows the page below as it was, its row selected again. The search field keeps the term
/// the user came from; a new search leaves every page. The bar names the page (the window's
/// title stays StoreSearch).
@MainActor
final class BrowseController {
    /// A page below the one on screen, as it was when the user left it.
    private struct Level {
        /// Nil: the search's own results.
        let page: BrowsePage?
        let results: [SearchResult]
        let selectedID: String?
        let pane: SearchController.Page
        let emptyText: String
    }

    /// browse-bar.ui's objects.
    let ui = BrowseBarOutlets()
    var bar: Box { ui.browseBar }
    var playAllButton: Button { ui.playAllButton }
    private let window: Window
    private let search: SearchController
    private let results: ResultsController
    private let detail: DetailForm
    /// The store's lookups (`search` is the Search page's controller).
    private let service: SearchService
    private let charts: ChartService
    private let items: Items
    private let storeRegion: StoreRegionSetting
    private let offlineCatalog: OfflineCatalog
    /// The language region names are shown in (a chart's subtitle).
    private let messagesLocale: Locale
    let queue: PreviewQueue
    /// The album whose tracks Play All plays.
    private var queueTarget: BrowseTarget?
    /// The pages below the one on screen, the search's results first.
    private var levels: [Level] = []
    /// The page on screen (nil: the search's results), or the one on its way.
    private(set) var target: BrowseTarget?
    private(set) var page: BrowsePage?
    /// A store link looked up while browsing: its own level (on its way, or failed), so that its
    /// failure does not show under the page the user was on, and Back returns there.
    private var link: StoreLink?
    /// The item the user came from: selected on the new page when it is there, else kept in the detail.
    private var origin: Item?
    /// Before a page opens from the detail: folded, the results pane slides back in; off My Items.
    var showResultsPane: () -> Void = {}
    /// An album's detail lists its tracks once it has been open this long: arrowing through albums
    /// must not spend the store's ~20 lookups a minute.
    static let trackListDelay: Duration = .milliseconds(1500)
    private var trackListTimer: Gtk.Timer?
    private var trackListTask: Task<Void, Never>?
    /// The album whose tracks the detail lists, or waits for.
    private var trackListAlbumID: String?

    init(
        window: Window, search: SearchController, results: ResultsController, detail: DetailForm,
        preview: PreviewController, slot: Box, searchService: SearchService, charts: ChartService, items: Items,
        storeRegion: StoreRegionSetting, offlineCatalog: OfflineCatalog, messagesLocale: Locale
    ) {
        self.window = window
        self.search = search
        self.results = results
        self.detail = detail
        service = searchService
        self.charts = charts
        self.items = items
        self.storeRegion = storeRegion
        self.offlineCatalog = offlineCatalog
        self.messagesLocale = messagesLocale
        queue = PreviewQueue(preview: preview)
        queue.isHidden = { [items] in items.store.isHidden($0.id) }
        slot.append(ui.browseBar)
        connect()
        update()
    }

    private func connect() {
        window.addAction(.browseBack) { [weak self] in self?.goBack() }
        window.addAction(.moreByArtist) { [weak self] in self?.openFromDetail(BrowseTarget.artist(of:)) }
        window.addAction(.showTracks) { [weak self] in self?.openFromDetail(BrowseTarget.album(of:)) }
        window.addAction(.playAllPreviews) { [weak self] in
            guard let self, let page = self.page else { return }
            let store = self.items.store
            self.queueTarget = page.target
            self.queue.playAll(page.items.filter { !store.isHidden($0.id) }.map { store.item(for: $0) })
        }
        detail.shown.subscribe { [weak self] item in
            self?.window.setActionEnabled(.moreByArtist, item.flatMap { BrowseTarget.artist(of: $0.result) } != nil)
            self?.window.setActionEnabled(.showTracks, item.flatMap { BrowseTarget.album(of: $0.result) } != nil)
            self?.listTracks(of: item)
        }
        detail.trackActivated.subscribe { [weak self] track in self?.openTrack(track) }
        detail.tracksRetryRequested.subscribe { [weak self] in self?.retryTracks() }
        search.newRoot.subscribe { [weak self] in self?.leaveAllPages() }
        search.linkLookupStarted.subscribe { [weak self] link in self?.lookUp(link) }
        search.failureShown.subscribe { [weak self] _ in
            if self?.link != nil { self?.update() }  // the bar says what failed
        }
        // An artist's link: the works of the link's store (the record came from there), not the picked one.
        search.artistLinkOpened.subscribe { [weak self] record in
            guard let self, let target = BrowseTarget.artist(of: record) else { return }
            self.open(target, from: Item(result: record))
        }
        // The track Play All plays is the one selected (its detail shows it) while its page is on
        // screen; the keyboard follows it only from the list (never from a field being typed in).
        queue.trackChanged.subscribe { [weak self] item in
            guard let self, let item, self.target != nil, self.target == self.queueTarget,
                let index = self.results.items.firstIndex(where: { $0.id == item.id })
            else { return }
            let listHadFocus = self.results.visibleView.containsFocus
            self.results.select(index)
            if listHadFocus { self.results.focus(at: index) }
        }
    }

    /// An album shown in the detail lists its tracks there, once it has been open `trackListDelay`
    /// (the lookup is the album's page's, and cached with it); a failure says what a search's says.
    private func listTracks(of item: Item?, after delay: Duration = BrowseController.trackListDelay) {
        guard item?.id != trackListAlbumID else { return }  // the same album changed (an edit)
        trackListTimer?.cancel()
        trackListTask?.cancel()
        trackListAlbumID = nil
        guard let item, item.result.kind == .album, let target = BrowseTarget.album(of: item.result),
            let query = target.query(country: origin(item))
        else { return }
        trackListAlbumID = item.id
        trackListTimer = MainContext.after(delay) { [weak self] in
            guard let self else { return }
            self.trackListTask = Task { [weak self, service] in
                do {
                    let answer = try await service.lookup(query)
                    self?.detail.showTracks(BrowsePage(target: target, answer: answer).items, ofItem: item.id)
                } catch is CancellationError {
                } catch {
                    Log.message(LogDomain.app, "The tracks of \(item.id) could not be listed: \(error)")
                    let failure = error as? SearchFailure ?? .unreadable(detail: String(describing: error))
                    self?.detail.showTracksFailure(failure, ofItem: item.id)
                }
            }
        }
    }

    /// Retry under a failed track list: asked again at once.
    private func retryTracks() {
        trackListAlbumID = nil
        listTracks(of: detail.item, after: .zero)
    }

    /// A track in the album's detail: the album's page, that track selected (its detail, its preview).
    private func openTrack(_ track: SearchResult) {
        guard let album = detail.item, let target = BrowseTarget.album(of: album.result) else { return }
        let item = items.store.item(for: track)
        showResultsPane()
        if target.isSamePage(as: self.target), let index = results.items.firstIndex(where: { $0.id == track.id }) {
            results.select(index)
            detail.show(results.items[index])
        } else {
            open(target, from: item)
        }
    }

    /// Whether a page is on screen (or on its way) above the search's results.
    var isBrowsing: Bool { !levels.isEmpty }

    /// An artist's row was opened (clicked, Enter): its page. False for any other row.
    func openArtistRow(_ item: Item) -> Bool {
        guard item.result.kind == .artist, let target = BrowseTarget.artist(of: item.result) else { return false }
        open(target, from: item)
        return true
    }

    /// An artist picked in GNOME Shell's overview, or any artist's record: its page.
    @discardableResult
    func openArtist(_ result: SearchResult) -> Bool {
        guard result.kind == .artist, let target = BrowseTarget.artist(of: result) else { return false }
        open(target, from: nil)
        return true
    }

    private func openFromDetail(_ target: (SearchResult) -> BrowseTarget?) {
        guard let item = detail.item, let target = target(item.result) else { return }
        detail.commitPendingEdits()
        showResultsPane()
        if target.isSamePage(as: self.target) { return }  // that page is on screen already
        open(target, from: item)
    }

    /// Pushes `target`'s page: what is on screen is kept to come back to, the lookup runs with the
    /// search's spinner and failures.
    func open(_ target: BrowseTarget, from item: Item?) {
        guard let load = loader(for: target, from: item) else { return }
        // A page still on its way, or one that failed, is replaced rather than stacked on (so is
        // a link's level): Back returns to what the user saw before it.
        if link == nil && (self.target == nil || page != nil) { levels.append(currentLevel) }
        link = nil
        // The list goes while the page loads: the keyboard waits on Back rather than falling into the detail.
        let listHadFocus = results.visibleView.containsFocus
        self.target = target
        page = nil
        origin = item
        update()
        search.browse(loading: load) { [weak self] answer in self?.show(BrowsePage(target: target, answer: answer)) }
        if listHadFocus { _ = ui.browseBackButton.grabFocus() }
    }

    /// What fills `target`'s page: the store's lookup, or for a chart its feed and records (as
    /// the Explore page has them, from the same cache).
    private func loader(for target: BrowseTarget, from item: Item?) -> (@MainActor () async throws -> [SearchResult])? {
        if case .chart(let chart) = target {
            return { [charts] in
                switch try await charts.records(of: [chart])[chart] {
                case .success(let records)?: return records
                case .failure(let failure)?: throw failure
                case nil: return []
                }
            }
        }
        guard let query = target.query(country: origin(item)) else { return nil }
        return { [service] in try await service.lookup(query) }
    }

    /// A store link opened while a page is on screen: a level of its own until it shows an artist's
    /// page (which takes its place), an item alone (a new root), or its failure.
    private func lookUp(_ link: StoreLink) {
        guard isBrowsing else { return }
        if self.link == nil && (target == nil || page != nil) { levels.append(currentLevel) }
        target = nil
        page = nil
        origin = nil
        self.link = link
        update()
    }

    /// What is on screen, to come back to.
    private var currentLevel: Level {
        let shownPane = search.visiblePage == .searching ? search.pageBeforeSearching : search.visiblePage
        return Level(
            page: page, results: results.shownResults, selectedID: results.selection.selectedElement?.id,
            pane: shownPane, emptyText: search.emptyText)
    }

    /// The store region to ask: the item's own (it came from there), else the one picked.
    private func origin(_ item: Item?) -> String {
        item?.result.storeRegion ?? storeRegion.country
    }

    private func show(_ answer: BrowsePage) {
        guard answer.target == target else { return }
        page = answer
        results.views.lookAlikes.listsTracks = isAlbum
        let origin = origin
        results.show(answer.items) { [weak self] in
            // The item the user came from (a song whose tracks were asked for) is selected there;
            // the keyboard waiting on Back goes into the list.
            guard let self else { return }
            let index = self.origin.flatMap { origin in self.results.items.firstIndex { $0.id == origin.id } }
            if let index { self.results.select(index) }
            if self.ui.browseBackButton.hasFocus { _ = self.results.focus(at: index ?? 0) }
        }
        if results.isEmpty {
            search.showPane(
                .empty,
                emptyText: offlineCatalog.isOn
                    ? String(
                        format: localized("This page needs the iTunes Store: the offline catalog has nothing of “%@”."),
                        answer.title)
                    : String(format: localized("The store lists nothing of “%@”."), answer.title))
        } else {
            search.showPane(.results, emptyText: "")
        }
        // The detail keeps the item the user came from, unless it is a row here (then selected).
        if let origin, !answer.items.contains(where: { $0.id == origin.id }) {
            detail.show(items.store.item(for: origin.result))
        }
        update()
    }

    /// Back: the page below, as it was; the lookup on its way (if any) is cancelled.
    @discardableResult
    func goBack() -> Bool {
        guard let level = levels.popLast() else { return false }
        search.cancel()
        link = nil
        target = level.page?.target
        page = level.page
        origin = nil
        results.views.lookAlikes.listsTracks = isAlbum
        let selectedID = level.selectedID
        // The focus goes to the list (the selected row, else the first): the bar's Back button it
        // may have been on is hidden at the bottom of the stack, and GTK would drop every key.
        let focus = { [weak self] (index: Int?) in
            guard let self else { return }
            if let index { self.results.select(index) }
            if !self.results.focus(at: index ?? 0) { _ = self.search.searchEntry.grabFocus() }
        }
        results.show(level.results, refreshingSnapshots: false) { [weak self] in
            focus(selectedID.flatMap { id in self?.results.items.firstIndex { $0.id == id } })
        }
        if results.isEmpty { focus(nil) }
        if results.isEmpty, level.pane == .results {
            search.showPane(.hint, emptyText: "")
        } else {
            search.showPane(level.pane, emptyText: level.emptyText)
        }
        if selectedID == nil { detail.show(nil) }
        update()
        return true
    }

    /// A new search (or a link's item alone): the pages browsed before are left for good.
    private func leaveAllPages() {
        guard !levels.isEmpty || target != nil || link != nil else { return }
        levels = []
        link = nil
        target = nil
        page = nil
        origin = nil
        results.views.lookAlikes.listsTracks = false
        update()
    }

    private var isAlbum: Bool { if case .album = target { true } else { false } }

    /// The bar, the list's name and Play All follow the page on screen.
    private func update() {
        ui.browseBar.isVisible = !levels.isEmpty
        let title = link != nil ? localized("Store Link") : page?.title ?? target?.name ?? ""
        ui.browseTitle.text = title
        ui.browseTitle.tooltip = title
        switch target {
        case nil where link != nil:
            // The link's item, and what went wrong with it once the pane says so.
            let failure = search.visiblePage == .error ? search.errorText.title : nil
            ui.browseSubtitle.text = [failure, link.map { String(format: localized("Item %@"), $0.id) }].compactMap {
                $0
            }.joined(separator: " · ")
            results.views.setName(localized("Results"))
            results.counted = .results
        case .artist?:
            ui.browseSubtitle.text = [localized("Artist"), page?.record?.genre].compactMap { $0 }.joined(
                separator: " · ")
            results.views.setName(localized("Artist’s Works"))
            results.counted = .works
        case .album?:
            let artist = page?.record?.artist ?? page?.items.first?.artist
            ui.browseSubtitle.text = artist.map { String(format: localized("Album by %@"), $0) } ?? localized("Album")
            results.views.setName(localized("Album’s Tracks"))
            results.counted = .tracks
        case .chart(let chart)?:
            let region = StoreRegion.name(of: chart.country, in: messagesLocale)
            ui.browseSubtitle.text = String(format: localized("Chart · %@"), region)
            results.views.setName(chart.title)
            results.counted = .results
        case nil:
            ui.browseSubtitle.text = ""
            results.views.setName(localized("Results"))
            results.counted = .results
        }
        // The window's own title stays "StoreSearch" (DESIGN.md §4: automation finds the window
        // by it); the bar says where the user is.
        let canPlayAll = isAlbum && !offlineCatalog.isOn && page?.items.contains { $0.previewURL != nil } == true
        ui.playAllButton.isVisible = isAlbum
        window.setActionEnabled(.playAllPreviews, canPlayAll)
        window.setActionEnabled(.browseBack, !levels.isEmpty)
    }
}
