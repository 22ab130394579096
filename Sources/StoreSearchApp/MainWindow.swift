import Foundation
import Gtk
import StoreSearchCore

/// The main window: search in the header bar, results on the left, the detail form on the right.
@MainActor
public final class MainWindow {
    static let hiddenBannerDuration: Duration = .seconds(6)

    public let window: Window
    public let searchEntry: SearchEntry
    public let categoryDropDown: DropDown
    public let resultsStack: Stack
    public let resultsList: ListView<Item>
    private let feeder: ResultsFeeder
    let detail: DetailForm
    private let builder: Builder
    private let environment: AppEnvironment
    private let countLabel: Label
    private let emptyLabel: Label
    private let errorTitle: Label
    private let errorMessage: Label
    let retryButton: Button
    let offlineButton: Button
    private let offlineLabel: Label
    private let spinner: Spinner
    private let bannerRevealer: Revealer
    private let bannerLabel: Label
    private let bannerButton: Button
    private var bannerTimer: Gtk.Timer?
    private var bannerAction: (() -> Void)?
    private var searchTask: Task<Void, Never>?
    private var lastResults: [SearchResult] = []
    private var hiddenItemsWindow: HiddenItemsWindow?
    private var closingWithoutSaving = false
    /// Store region drop-down in the header bar.
    public private(set) var regionPicker: StoreRegionPicker!

    /// The query last sent (tests and Retry use it).
    public private(set) var lastQuery: SearchQuery?

    public init(application: Application, environment: AppEnvironment) {
        self.environment = environment
        do {
            builder = try Builder(file: environment.resources.resources.appending(path: "main-window.ui").path)
        } catch {
            fatalError("\(error)")  // the .ui file ships with the binary; a broken one is a build error
        }
        StyleSheet.load(file: environment.resources.resources.appending(path: "style.css").path)
        window = builder.object("window")
        window.setApplication(application)
        searchEntry = builder.object("search_entry")
        categoryDropDown = builder.object("category_dropdown")
        resultsStack = builder.object("results_stack")
        countLabel = builder.object("count_label")
        emptyLabel = builder.object("empty_label")
        errorTitle = builder.object("error_title")
        errorMessage = builder.object("error_message")
        retryButton = builder.object("retry_button")
        offlineButton = builder.object("offline_button")
        offlineLabel = builder.object("offline_label")
        spinner = builder.object("spinner")
        bannerRevealer = builder.object("banner_revealer")
        bannerLabel = builder.object("banner_label")
        bannerButton = builder.object("banner_button")
        detail = DetailForm(builder: builder, loader: environment.artwork, locale: environment.locale)

        let model = ListModel<Item>()
        let formatter = PriceFormatter(locale: environment.locale)
        let loader = environment.artwork
        resultsList = ListView(model: model, setup: { listItem in
            let row = ResultRow()
            listItem.row = row
            listItem.setChild(row.root)
        }, bind: { listItem, item in
            guard let row = listItem.row as? ResultRow else { return }
            row.show(item, formatter: formatter)
            row.loadArtwork(item.result.artworkURL, with: loader)
        }, unbind: { listItem in
            (listItem.row as? ResultRow)?.unbind()
        }, teardown: { listItem in
            listItem.row = nil
        })
        feeder = ResultsFeeder(list: resultsList)
        resultsList.setAccessibleLabel(localized("Results"))
        resultsList.addCSSClass("navigation-sidebar")
        builder.object("results_scroller", as: ScrolledWindow.self).setChild(resultsList)

        connectSignals(application: application)
        regionPicker = StoreRegionPicker(setting: environment.storeRegion, locale: environment.userLocale.messages)
        builder.object("header_bar", as: HeaderBar.self).packEnd(regionPicker.dropDown)
        environment.storeRegion.onChange { [weak self] in
            guard let self, !self.searchEntry.text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
            self.runSearch()
        }
        showStart()
    }

    public func present() {
        window.present()
        searchEntry.grabFocus()
    }

    // MARK: Wiring

    private func connectSignals(application: Application) {
        searchEntry.onActivate { [weak self] in self?.runSearch() }
        categoryDropDown.onSelectionChanged { [weak self] in
            guard let self, !self.searchEntry.text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
            self.runSearch()
        }
        retryButton.onClicked { [weak self] in self?.runSearch() }
        offlineButton.onClicked { [weak self] in self?.useOfflineCatalog() }
        bannerButton.onClicked { [weak self] in
            self?.bannerAction?()
            self?.hideBanner()
        }
        resultsList.onSelectionChanged { [weak self] in self?.selectionChanged() }
        resultsList.onActivate { [weak self] index in
            self?.resultsList.selectedIndex = index
            self?.detail.nameEntry.grabFocus()
        }
        resultsList.onKeyPressed { [weak self] keyval, _ in
            guard keyval == 0xFFFF /* GDK_KEY_Delete */, let self, let item = self.resultsList.selectedElement else { return false }
            self.hide(item)
            return true
        }
        detail.onEdit = { [weak self] item, edits in
            self?.environment.keeper.update { $0.setEdits(edits, for: item.result) }
            self?.refresh(item)
        }
        detail.onHide = { [weak self] item in self?.hide(item) }
        detail.onRevert = { [weak self] item in
            guard let self else { return }
            self.environment.keeper.update { $0.revertEdits(of: item.id) }
            let reverted = self.environment.keeper.store.item(for: item.result)
            self.refresh(reverted)
            self.detail.show(reverted)
        }
        detail.onViewInStore = { [weak self] url in self?.window.openURI(url.absoluteString) }
        window.addAction("focus-search") { [weak self] in self?.searchEntry.grabFocus() }
        window.addAction("hidden-items") { [weak self] in self?.showHiddenItems() }
        application.setAccelerator("<Control>f", forAction: "win.focus-search")
        window.onCloseRequest { [weak self] in self?.closeRequested() ?? false }
        environment.keeper.onBackgroundSaveFailure = { [weak self] error in
            self?.showBanner(String(format: localized("%@ Your changes are kept, and StoreSearch will try again."), error.message))
        }
        environment.search.onUnreachable = { [weak self] in self?.offlineButton.isVisible = !(self?.environment.isOffline ?? true) }
    }

    private func showStart() {
        resultsStack.visiblePage = "hint"
        detail.show(nil)
        if environment.options.offline { useOfflineCatalog(searching: false) }
        if let notice = environment.keeper.loadNotice { showBanner(notice) }
        if !environment.options.offline && !environment.isNetworkAvailable {
            showBanner(localized("No network connection. The iTunes Store cannot be searched."), button: localized("Use Offline Catalog")) { [weak self] in
                self?.useOfflineCatalog(searching: self?.lastQuery != nil)
            }
        }
        if let term = environment.options.searchTerm {
            searchEntry.text = term
            categoryDropDown.selectedIndex = Category.allCases.firstIndex(of: environment.options.category) ?? 0
            runSearch()
        }
    }

    // MARK: Searching

    public var selectedCategory: Category {
        let index = categoryDropDown.selectedIndex
        return Category.allCases.indices.contains(index) ? Category.allCases[index] : .all
    }

    /// Searches for the entry's text in the selected category; an empty term does nothing.
    public func runSearch() {
        let query = environment.query(term: searchEntry.text, category: selectedCategory)
        guard !query.isEmpty else { return }
        lastQuery = query
        searchTask?.cancel()
        feeder.cancel()
        resultsStack.visiblePage = "searching"
        spinner.isSpinning = true
        searchTask = Task { [weak self, environment] in
            do {
                let results = try await environment.search.search(query)
                self?.showResults(results, for: query)
            } catch is CancellationError {
                return  // a newer search owns the pane
            } catch let failure as SearchFailure {
                self?.showFailure(failure)
            } catch {
                self?.showFailure(.unreadable(detail: String(describing: error)))
            }
        }
    }

    private func showResults(_ results: [SearchResult], for query: SearchQuery) {
        spinner.isSpinning = false
        lastResults = results
        let items = environment.keeper.store.apply(to: results)
        feeder.show(items)
        detail.show(nil)
        if items.isEmpty {
            emptyLabel.text = String(format: localized("No results for “%1$@” in %2$@."), query.term, query.category.displayName)
            resultsStack.visiblePage = "empty"
        } else {
            updateCount()
            resultsStack.visiblePage = "results"
        }
    }

    private func updateCount() {
        let count = feeder.totalCount
        countLabel.text = String(format: localizedPlural("%ld result", "%ld results", count), count)
    }

    private func showFailure(_ failure: SearchFailure) {
        spinner.isSpinning = false
        errorTitle.text = failure.title
        errorMessage.text = failure.message
        offlineButton.isVisible = failure.isUnreachable && !environment.isOffline
        resultsStack.visiblePage = "error"
    }

    private func useOfflineCatalog(searching: Bool = true) {
        do {
            try environment.switchToOfflineCatalog()
            offlineLabel.isVisible = true
            if searching { runSearch() }
        } catch {
            showFailure(.unreachable(detail: String(format: localized("The offline catalog could not be opened: %@"), "\(error)")))
        }
    }

    // MARK: Items

    private func selectionChanged() {
        guard let index = resultsList.selectedIndex else { return detail.show(nil) }
        var item = resultsList.model[index]
        if !item.isVisited {
            environment.keeper.update { $0.markVisited(item.result) }
            item = environment.keeper.store.item(for: item.result)
            refresh(item)
        }
        detail.show(item)
    }

    /// Puts a changed item into the list and redraws its row, keeping selection and focus.
    private func refresh(_ item: Item) {
        guard let index = resultsList.model.elements.firstIndex(where: { $0.id == item.id }) else { return }
        resultsList.model.update(at: index, with: item)
    }

    private func hide(_ item: Item) {
        guard let index = resultsList.model.elements.firstIndex(where: { $0.id == item.id }) else { return }
        environment.keeper.update { $0.hide(item.result) }
        resultsList.model.remove(at: index)
        detail.show(nil)
        updateCount()
        showBanner(String(format: localized("“%@” hidden"), item.name), button: localized("Undo"), hidesAfterDelay: true) { [weak self] in
            guard let self else { return }
            self.environment.keeper.update { $0.unhide(item.id) }
            self.resultsList.model.insert(item, at: min(index, self.resultsList.model.count))
            self.updateCount()
            self.resultsList.selectedIndex = min(index, self.resultsList.model.count - 1)
        }
    }

    /// Shows an in-window bar; its button runs `action` (or only dismisses the bar).
    private func showBanner(_ text: String, button: String = localized("Dismiss"), hidesAfterDelay: Bool = false,
                            action: (() -> Void)? = nil) {
        bannerLabel.text = text
        bannerAction = action
        bannerButton.label = button
        bannerRevealer.isRevealed = true
        bannerTimer?.cancel()
        if hidesAfterDelay {
            bannerTimer = MainContext.after(Self.hiddenBannerDuration) { [weak self] in self?.hideBanner() }
        }
    }

    private func hideBanner() {
        bannerTimer?.cancel()
        bannerAction = nil
        bannerRevealer.isRevealed = false
    }

    private func showHiddenItems() {
        let hidden = HiddenItemsWindow(parent: window, results: environment.keeper.store.hiddenItems)
        hidden.onRestore = { [weak self] id in
            guard let self else { return }
            self.environment.keeper.update { $0.unhide(id) }
            if self.lastResults.contains(where: { $0.id == id }) {
                self.feeder.show(self.environment.keeper.store.apply(to: self.lastResults))
                self.updateCount()
            }
        }
        hidden.present()
        hiddenItemsWindow = hidden
    }

    // MARK: Closing

    /// Saves; on failure asks whether to try again or close without saving. True keeps the window open.
    private func closeRequested() -> Bool {
        if closingWithoutSaving { return false }
        do {
            try environment.keeper.saveNow()
            return false
        } catch {
            let dialog = MessageDialog(parent: window, kind: .error, title: localized("Your Changes Could Not Be Saved"),
                                       detail: error.message)
            dialog.addButton(localized("Close Without Saving"), id: 2, destructive: true)
            dialog.addButton(localized("Try Again"), id: 1)
            dialog.setDefaultResponse(1)
            dialog.onResponse { [weak self, weak dialog] response in
                dialog?.destroy()
                guard let self else { return }
                if response == 2 { self.closingWithoutSaving = true }
                if response == 1 || response == 2 { self.window.close() }
            }
            dialog.present()
            saveFailureDialog = dialog
            return true
        }
    }

    /// The open save-failure dialog, if any (tests answer it).
    public private(set) var saveFailureDialog: MessageDialog?

    // MARK: For tests and automation

    public var visiblePage: String { resultsStack.visiblePage }
    public var items: [Item] { resultsList.model.elements }
    /// Whether rows are still being added to the list (a batch per frame).
    public var isFillingResults: Bool { feeder.isFeeding }
    public var errorText: (title: String, message: String) { (errorTitle.text, errorMessage.text) }
    public var isOfflineButtonVisible: Bool { offlineButton.isVisible }
    public var countText: String { countLabel.text }
    public var emptyText: String { emptyLabel.text }
    public var bannerText: String? { bannerRevealer.isRevealed ? bannerLabel.text : nil }
    /// Clicks the bar's button (Undo, Use Offline Catalog, Dismiss).
    public func clickBannerButton() { bannerButton.click() }
    public var isOffline: Bool { environment.isOffline }
    public var hiddenItems: HiddenItemsWindow? { hiddenItemsWindow }
}
