import Gtk
import StoreSearchCore

/// The store's charts on the Search page and the pages browsed to from an item: what opens them,
/// and the ways back.
extension MainWindow {
    /// The charts: they load once the window has painted its first frame (start-up does not wait
    /// for them), follow the category and the store, and open their rows and whole charts here.
    func connectExplore() {
        var frames = 0
        window.onEachFrame { [weak self] in
            frames += 1
            guard frames >= 2, let self else { return true }
            self.explore.windowShown(category: self.search.selectedCategory)
            return false
        }
        explore.isOnScreen = { [weak self] in self?.search.visiblePage == .hint }
        search.resultsStack.onNotify("visible-child") { [weak self] in
            guard let self, self.search.visiblePage == .hint else { return }
            self.explore.pageShown()
        }
        search.ui.categoryDropdown.onSelectionChanged { [weak self] in
            guard let self else { return }
            self.explore.show(category: self.search.selectedCategory)
        }
        search.storeChanged.subscribe { [weak self] in self?.explore.reload() }
        explore.offlineRequested.subscribe { [weak self] in self?.search.useOfflineCatalog(searching: false) }
        explore.itemActivated.subscribe { [weak self] item in
            guard let self else { return }
            self.items.markVisited(item.result)  // opened, as a result clicked
            self.showSelected(self.items.store.item(for: item.result), opens: true)
        }
        explore.seeAllRequested.subscribe { [weak self] chart in
            guard let self else { return }
            let hadFocus = self.explore.root.containsFocus
            self.browse.open(.chart(chart.whole), from: nil)
            // See All goes with the charts: the keyboard waits on Back.
            if hadFocus { _ = self.browse.ui.browseBackButton.grabFocus() }
        }
    }

    /// Rows that open pages, and back through the browsed pages: Alt+Left anywhere in the results
    /// pane (and in the detail beside it), Escape in its list (the search field keeps Escape for
    /// clearing itself), the mouse's back button over the window (folded on the detail, it goes
    /// back to the results first).
    func connectBrowsing() {
        // The results change under My Items too (a busy store's search runs again by itself):
        // the detail there is My Items' own. An artist's row opens their page.
        results.itemSelected.subscribe { [weak self] item, opens in
            guard let self, !self.myItems.isShowingMyItems else { return }
            if opens, let item, self.browse.openArtistRow(item) { return }
            self.showSelected(item, opens: opens)
        }
        results.itemActivated.subscribe { [weak self] item in
            guard let self, !self.browse.openArtistRow(item) else { return }
            self.openItem()
        }
        ui.resultsPane.addShortcut("<Alt>Left") { [weak self] in self?.browse.goBack() ?? false }
        resultsStack.addShortcut("Escape") { [weak self] in self?.browse.goBack() ?? false }
        layout.browseBack = { [weak self] in self?.browse.goBack() ?? false }
        // Where no pane holds the keyboard (a button that opened a page went away under it).
        window.addShortcut("<Alt>Left") { [weak self] in self?.browse.goBack() ?? false }
        // Folded on the results, a swipe towards the reading end goes back a page, as the
        // leaflet's own swipe goes from the detail to the results.
        browseSwipe = BrowseSwipe(
            pane: ui.resultsPane,
            isEnabled: { [weak self] in
                guard let self else { return false }
                return self.layout.isFolded && !self.layout.isShowingDetail && !self.myItems.isShowingMyItems
            }, goBack: { [weak self] in self?.browse.goBack() ?? false })
        window.onMouseButtonPress(8) { [weak self] in
            guard let self, !self.myItems.isShowingMyItems else { return }
            if self.layout.isFolded, self.layout.isShowingDetail { self.layout.goBack() } else { self.browse.goBack() }
        }
        browse.showResultsPane = { [weak self] in
            guard let self else { return }
            self.myItems.showPage(myItems: false)
            if self.layout.isFolded { self.layout.goBack() }
        }
    }
}
