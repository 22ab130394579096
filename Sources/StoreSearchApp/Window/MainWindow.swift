import Adw
import Foundation
import Gtk
import StoreSearchCore

/// The main window, assembled from its parts: main-window.ui (header bars, the leaflet of
/// results and detail), the search controller (search-page.ui: the bar and a search's states),
/// the results controller (results-view.ui: list, grid, hiding), the detail form
/// (detail-form.ui), notices (toasts), actions and accelerators, and the remembered window
/// state. It wires them together and hands each part the objects of main-window.ui it works
/// on; CloseGuard owns closing. Where the keyboard goes is MainWindow+Focus, what the desktop
/// asks of the window (a second launch, the overview, a drop) MainWindow+DesktopRequests, the
/// charts and the pages browsed to MainWindow+Browsing, what it says as it starts MainWindow+Start;
/// MainWindow+Services makes the parts given many of the run's services (`AppEnvironment`).
@MainActor
public final class MainWindow {
    public let window: Window
    /// main-window.ui's objects.
    let ui = MainWindowOutlets()
    let environment: AppEnvironment
    let layout: AdaptiveLayout
    let notices: NoticesController
    package let results: ResultsController
    package let search: SearchController
    /// The store's charts on the Search page while nothing is searched.
    package let explore: ExploreController
    let detail: DetailForm
    let actions: WindowActions
    /// The user's items: every change goes through them, and every view follows them.
    package let items: Items
    let undoActions: UndoActions
    private let otherWriterNotices: OtherWriterNotices
    package let myItems: MyItemsController
    let state: WindowState
    let detailTitle: DetailTitle
    var keepButton: ToggleButton { ui.keepButton }
    var menuButton: MenuButton { ui.menuButton }
    /// The store region drop-down beside the category.
    let regionPicker: StoreRegionPicker
    /// The process's price watch and its notification (the session's, shared with the service).
    let prices: PriceWatchService
    package var priceWatch: PriceWatch { prices.watch }
    var priceDrops: PriceDropNotifier { prices.notifier }
    /// The window closed for good (saved, or without saving as the user chose).
    let closed = Event<Void>()
    package let preview: PreviewController
    let itemActions: ItemActions
    /// The first Keep offers watching prices in the background.
    let backgroundOffer: BackgroundWatchOffer
    /// Pages browsed to from an item (an artist's works, an album's tracks) and Play All Previews.
    let browse: BrowseController
    /// A swipe back through the browsed pages, folded (built with the browsing it drives).
    var browseSwipe: BrowseSwipe?
    private let mpris: MPRISPlayer?
    /// What plays, with Pause, Stop and Next, wherever the user goes.
    let playerBar: PlayerBar
    let closeGuard: CloseGuard

    /// `settings`: where the window state is kept (nil: the user's GSettings). `prices`: the
    /// session's price watch (nil: one of the window's own).
    package init(
        application: Application, environment: AppEnvironment, settings: Settings.MemoryBackend? = nil,
        prices: PriceWatchService? = nil
    ) {
        self.environment = environment
        AppResources.loadStyleSheet()
        window = ui.window
        window.setApplication(application)
        state = WindowState(settings: environment.settings, backend: settings)
        state.restore(window)
        ui.keepButton.showIcons(active: "starred-symbolic", inactive: "non-starred-symbolic")
        layout = AdaptiveLayout(leaflet: ui.leaflet, backButton: ui.backButton, detailPane: ui.detailPane)
        detailTitle = DetailTitle(label: ui.detailTitle, leaflet: layout.leaflet)
        let banner = NoticeBanner()
        ui.windowContent.prepend(banner.revealer)
        notices = NoticesController(overlay: ui.toastOverlay, banner: banner)
        items = environment.items
        items.retakeLock()  // a window closed before let it go, the process ran on
        items.startHistory()  // what an earlier window did is not undone here
        results = ResultsController(
            viewButtons: (ui.listViewButton, ui.gridViewButton), window: window, artwork: environment.artwork,
            locale: environment.locale, items: items, state: state)
        search = SearchController(
            results: results, search: environment.search, storeRegion: environment.storeRegion,
            offlineCatalog: environment.offlineCatalog)
        ui.searchHolder.append(search.ui.searchPage)
        explore = Self.makeExplore(environment: environment, items: items)
        search.ui.hintHolder.append(explore.root)
        detail = DetailForm(loader: environment.artwork, locale: environment.locale)
        layout.detailContent.append(detail.ui.detailStack)
        actions = WindowActions(window: window, application: application)
        undoActions = UndoActions(window: window, items: items, detail: detail, notices: notices)
        otherWriterNotices = OtherWriterNotices(items: items, notices: notices)
        myItems = MyItemsController(
            pages: ui.pagesStack, window: window, artwork: environment.artwork, locale: environment.locale,
            state: state, items: items, notices: notices)
        ui.myItemsHolder.append(myItems.page.root)
        let prices = prices ?? Self.makePriceWatch(application: application, environment: environment)
        self.prices = prices
        prices.notifier.addActions(to: window) { [weak myItems, weak layout] in
            MainWindow.showPriceDrops(myItems: myItems, layout: layout)
        }
        preview = PreviewController(
            window: window, commitTyping: { [detail] in detail.commitPendingEdits() },
            offlineCatalog: environment.offlineCatalog)
        detail.ui.previewSlot.append(preview.root)
        itemActions = ItemActions(window: window, detail: detail, items: items, notices: notices)
        backgroundOffer = BackgroundWatchOffer(
            application: application, settings: environment.settings, notices: notices)
        itemActions.kept.subscribe { [backgroundOffer] name in backgroundOffer.itemKept(name) }
        browse = BrowseController(
            window: window, search: search, results: results, detail: detail, preview: preview,
            slot: search.ui.browseSlot, searchService: environment.search, charts: environment.charts,
            items: items, storeRegion: environment.storeRegion, offlineCatalog: environment.offlineCatalog,
            messagesLocale: environment.userLocale.messages)
        mpris = MPRISPlayer(
            connection: application.dbusConnection, preview: preview, queue: browse.queue, artwork: environment.artwork)
        playerBar = PlayerBar(preview: preview, queue: browse.queue)
        ui.windowContent.append(playerBar.revealer)
        regionPicker = StoreRegionPicker(setting: environment.storeRegion, locale: environment.userLocale.messages)
        search.ui.searchBar.append(regionPicker.dropDown)
        closeGuard = CloseGuard(
            window: window, items: items, detail: detail,
            keepsItems: { [prices] in prices.outlivesWindow }
        ) { [search, explore, prices, preview, items, closed] in
            search.cancel()  // the request's connection closes with the window
            explore.cancel()
            if !prices.outlivesWindow { prices.stop() }
            preview.stop()
            items.endHistory()
            closed.send()
        }
        connect()
        // issue #23: the window manager never sees the key
        window.runInPopoversOnAltF4(WindowAction.close.detailedName)
        window.unfocusScrolledWindows()  // issue #21: nameless focusable panes on the accessibility bus
        StatusPage.nameLabels(under: window)  // and labels named "GtkLabel"
        showStart()
    }

    public func present() {
        window.present()
        searchEntry.grabFocus()
    }

    // MARK: Wiring

    private func connect() {
        connectKeyboard()
        connectBrowsing()
        connectDetail()
        connectItems()
        connectPages()
        connectExplore()
        environment.storeRegion.onChange { [weak self] in
            self?.explore.show(category: self?.search.selectedCategory ?? .all)  // the new store's charts
            guard let self, !self.searchEntry.text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
            self.search.runSearch()  // the same term in the newly picked store
        }
        window.onTextDropped { [weak self] text in self?.textDropped(text) ?? false }
        mpris?.raiseRequested.subscribe { [weak self] in self?.present() }
    }

    /// The detail shows the item selected or opened, and follows the items.
    private func connectDetail() {
        detail.entered.subscribe { [weak self] item in self?.results.detailEntered(item.id) }
        results.isDetailShown = { [weak self] in self?.layout.isShowingDetail ?? false }
        // The form's edits go to the items, and the open item follows them like every view.
        detail.edited.subscribe { [weak self] change in self?.items.record(change) }
        detail.drafted.subscribe { [weak self] change in self?.items.keepDraft(change) }
        items.commitTyping = { [detail] in detail.commitPendingEdits() }
        items.draftTyping = { [detail] in detail.keepTypingAsDraft() }
        search.newResults.subscribe { [weak self] in
            guard let self, !self.myItems.isShowingMyItems else { return }
            self.detail.show(nil)
        }
        search.linkOpened.subscribe { [weak self] in
            guard let self else { return }
            self.results.select(0)
            self.layout.showDetail()
        }
        detail.shown.subscribe { [weak self] item in
            self?.detailTitle.text = item?.name ?? ""
            self?.preview.show(item)
        }
        detail.invalidPriceDropped.subscribe { [weak self] typed, item in
            // Lasting: a hide's Undo notice can come at once and would replace a toast.
            self?.notices.show(
                String(
                    format: localized("The price “%1$@” typed for “%2$@” is not a number and was not saved."),
                    String(typed.prefix(40)), String(item.name.prefix(60))), lasting: true)
        }
    }

    /// What follows a change of the items: the open item, the focus, a preview, notices; and the
    /// item file's read, save failures and price checks.
    private func connectItems() {
        items.changed.subscribe { [weak self] change in
            guard let self, change.cause != .snapshots else { return }
            let store = self.items.store
            if let open = self.detail.item, change.ids.contains(open.id) {
                // A price check's open item shows the price and history its store said now.
                let checked = change.cause == .priceCheck ? store.records[open.id]?.snapshot : nil
                self.detail.show(store.item(for: checked ?? open.result))
            }
            // A preview stops when its item is hidden.
            for id in change.ids where store.isHidden(id) { self.preview.itemWentAway(id) }
        }
        // its row belongs to the old results
        search.searchStarted.subscribe { [weak self] in self?.notices.endUndoNotice() }
        keepFocusOnInput()
        items.loaded.subscribe { [weak self] in self?.itemsLoaded() }
        priceWatch.checked.subscribe { [weak self] changes in
            guard let self else { return }
            self.priceDrops.checked(changes) { [items = self.items] in items.store }
        }
        items.backgroundSaveFailed.subscribe { [weak self] error in
            self?.notices.show(
                String(format: localized("%@ Your changes are kept, and StoreSearch will try again."), error.message),
                lasting: true)
        }
    }

    /// Search and My Items, and the leaflet's panes.
    private func connectPages() {
        // Folded, after a tap or a swipe: the list is all there is, so nothing stays selected and
        // tapping the same row again opens it again. After a key the row stays selected: Enter
        // or a click (ItemViews.selectedItemClicked) opens it again, and My Items' Restore and
        // Remove still act on it.
        layout.returnedToResults.subscribe { [weak self] slid, byKeyboard in
            self?.focusList(deselecting: slid && !byKeyboard)
        }
        results.viewModeChanged.subscribe { [weak self] mode in self?.myItems.page.showViewMode(mode) }
        myItems.page.itemSelected.subscribe { [weak self] item, opens in self?.showSelected(item?.item, opens: opens) }
        myItems.page.itemActivated.subscribe { [weak self] _ in self?.openItem() }
        myItems.pageChanged.subscribe { [weak self] isMyItems in
            guard let self else { return }
            // The sort menu orders search results; My Items has its own beside its filter.
            self.ui.sortButton.isVisible = !isMyItems
            self.detail.show(isMyItems ? self.myItems.page.selected?.item : self.results.selection.selectedElement)
        }
    }

    /// A row of the results or My Items was selected (nil: none): the detail shows it, and
    /// slides in when folded if the user chose it, with the focus on its page as Enter leaves it
    /// (else GTK gave it back to the field last focused there: one key replaced its text).
    func showSelected(_ item: Item?, opens: Bool) {
        detail.show(item)
        guard item != nil, opens, layout.leaflet.isFolded else { return }
        layout.showDetail()
        focusDetail()
    }

    /// My Items showing the kept items whose price fell (the notification's and the menu's action).
    func showPriceDrops() { Self.showPriceDrops(myItems: myItems, layout: layout) }

    private static func showPriceDrops(myItems: MyItemsController?, layout: AdaptiveLayout?) {
        if layout?.isFolded == true { layout?.goBack() }
        myItems?.showPriceDrops()
    }

    // MARK: Searching

    package var searchEntry: SearchEntry { search.searchEntry }
    var resultsStack: Stack { search.resultsStack }

    // MARK: Closing

    /// The session ends without the window closing (application shutdown, logout, SIGTERM).
    public func saveBeforeExit() {
        guard !closeGuard.hasClosed else { return }  // closing saved everything already
        state.save(window)
        preview.stop()
        closeGuard.saveBeforeExit()
    }
}
