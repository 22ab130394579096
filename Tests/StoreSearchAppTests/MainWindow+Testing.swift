import Adw
import Gtk
@testable import StoreSearchApp
import StoreSearchCore

/// What the window tests look at and press, read from the window's parts (these lived in
/// MainWindow itself; production code has no use for them).
@MainActor
extension MainWindow {
    var categoryDropDown: DropDown { search.ui.categoryDropdown }
    var retryButton: Button { search.ui.retryButton }
    var offlineButton: Button { search.ui.offlineButton }
    var resultsList: ListView<Item> { results.list }
    var resultsGrid: GridView<Item> { results.grid }
    /// Whether a preview is playing, and where (microseconds).
    var isPreviewPlaying: Bool { preview.status == .playing }
    var previewPosition: Int64 { preview.position }
    /// My Items' list or grid, whichever is shown, and its filter field.
    var myItemsView: Widget { myItems.page.views.visibleView }
    var myItemsFilter: SearchEntry { myItems.page.filterEntry }
    var visiblePage: SearchController.Page { search.visiblePage }
    var invalidPriceDialog: MessageDialog? { closeGuard.invalidPriceDialog }
    var saveFailureDialog: MessageDialog? { closeGuard.saveFailureDialog }
    var shownItems: [Item] { results.items }
    /// Whether rows are still being added to the list (a batch per frame).
    var isFillingResults: Bool { results.isFilling }
    var errorText: (title: String, message: String) { search.errorText }
    var isOfflineButtonVisible: Bool { offlineButton.isVisible }
    var countText: String { results.ui.countLabel.text }
    var emptyText: String { search.emptyText }
    /// The notice on screen (a toast), if any.
    var bannerText: String? { notices.text }
    /// Presses the notice's button (Undo, Use Offline Catalog).
    func clickBannerButton() { notices.clickButton() }
    var isOffline: Bool { environment.offlineCatalog.isOn }
    /// "list" or "grid".
    var viewMode: String { results.viewMode.rawValue }
    var isFolded: Bool { layout.isFolded }
    var isShowingDetail: Bool { layout.isShowingDetail }
    var listViewButton: ToggleButton { results.listButton }
    var gridViewButton: ToggleButton { results.gridButton }
    var backButton: Button { layout.backButton }
    var aboutWindow: AboutWindow? { actions.aboutWindow }
    /// The Keyboard Shortcuts window, once opened.
    var shortcutsWindow: Window? { actions.shortcutsWindow }
}

@MainActor
extension BrowseController {
    /// The page's name as the bar shows it, and what it says under it (empty on the search's results).
    var pageTitle: String { ui.browseBar.isVisible ? ui.browseTitle.text : "" }
    var pageSubtitle: String { ui.browseBar.isVisible ? ui.browseSubtitle.text : "" }
}
