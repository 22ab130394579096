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
    /// Undo and redo of the user's changes (field edits, Revert, Hide, Mark as Unvisited).
    private var history = UndoHistory<ItemChange>(limit: 50)
    /// The change the bar's Undo button takes back, while the bar shows one.
    private var noticedChange: ItemChange?
    private var visits: VisitTracker!
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
        let scroller = builder.object("results_scroller", as: ScrolledWindow.self)
        // Thumbnails of the rows on screen load first (the scroller shares its adjustment with the list).
        let viewport = ArtworkViewport(adjustment: scroller.verticalAdjustment, loader: loader) { (model.count, 1) }
        resultsList = ListView(model: model, setup: { listItem in
            let row = ResultRow()
            listItem.row = row
            listItem.setChild(row.root)
        }, bind: { listItem, item in
            guard let row = listItem.row as? ResultRow else { return }
            row.show(item, formatter: formatter)
            row.loadArtwork(item.result.artworkURL, with: loader) { [weak viewport] in
                viewport?.priority(ofItemAt: listItem.position) ?? .visible
            }
        }, unbind: { listItem in
            (listItem.row as? ResultRow)?.unbind()
        }, teardown: { listItem in
            listItem.row = nil
        })
        feeder = ResultsFeeder(list: resultsList, viewport: viewport)
        resultsList.setAccessibleLabel(localized("Results"))
        resultsList.addCSSClass("navigation-sidebar")
        scroller.setChild(resultsList)

        visits = VisitTracker { [weak self] id in self?.markVisited(id) }
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
        resultsList.onPointerPress { [weak self] in self?.visits.pointerPressed() }
        resultsList.onActivate { [weak self] index in
            guard let self, index < self.resultsList.model.count else { return }
            self.resultsList.selectedIndex = index
            self.visits.activated(self.resultsList.model[index].id)
            self.detail.nameEntry.grabFocus()
        }
        resultsList.onKeyPressed { [weak self] keyval, _ in
            guard keyval == 0xFFFF /* GDK_KEY_Delete */, let self, let item = self.resultsList.selectedElement else { return false }
            self.hide(item)
            return true
        }
        detail.onEdit = { [weak self] item, edits in
            guard let self else { return }
            let before = self.environment.keeper.store.item(for: item.result).edits
            self.record(ItemChange(result: item.result, kind: .edits(before: before, after: edits)))
        }
        detail.onHide = { [weak self] item in self?.hide(item) }
        detail.onRevert = { [weak self] item in
            self?.record(ItemChange(result: item.result, kind: .edits(before: item.edits, after: ItemEdits())),
                         notice: String(format: localized("Changes to “%@” reverted"), item.result.name))
        }
        detail.onMarkUnvisited = { [weak self] item in
            self?.record(ItemChange(result: item.result, kind: .visited(before: item.visitedAt, after: nil)))
        }
        detail.onViewInStore = { [weak self] url in self?.openInBrowser(url) }
        window.addAction("focus-search") { [weak self] in self?.searchEntry.grabFocus() }
        window.addAction("hidden-items") { [weak self] in self?.showHiddenItems() }
        window.addAction("undo") { [weak self] in self?.undoFromKeyboard() }
        window.addAction("redo") { [weak self] in self?.redo() }
        application.setAccelerator("<Control>f", forAction: "win.focus-search")
        application.setAccelerator("<Control>z", forAction: "win.undo")
        application.setAccelerator("<Control><Shift>z", forAction: "win.redo")
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
        if environment.keeper.isReadOnly {
            detail.isEditable = false
            showBanner(localized("StoreSearch is already open with your items, so this window is read-only: nothing you do here is saved."))
            Log.message("StoreSearch", "Another process holds \(environment.paths.dataDirectory.path); items are read-only")
        }
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

    /// A second `storesearch` sent its command line: run its search here. Options that only
    /// apply when the app starts are reported on that launch's standard error.
    func handleSecondLaunch(_ commandLine: ApplicationCommandLine) {
        let apiBase = commandLine.environment("STORESEARCH_API_BASE")
        for message in handleSecondLaunch(arguments: commandLine.arguments, apiBaseVariable: apiBase) {
            commandLine.printError("storesearch: \(message)\n")
        }
    }

    /// Returns what to tell the second launch.
    func handleSecondLaunch(arguments: [String], apiBaseVariable: String? = nil) -> [String] {
        let parsed = Result { () throws(LaunchOptionsError) in
            try LaunchOptions.parse(arguments, environment: apiBaseVariable.map { ["STORESEARCH_API_BASE": $0] } ?? [:])
        }
        guard case .success(.run(let options)) = parsed else { return [] }  // checked by the launch itself
        var messages: [String] = []
        let ignored = [options.apiBase != LaunchOptions.defaultAPIBase ? "--api-base" : nil,
                       options.offline ? "--offline" : nil].compactMap { $0 }
        if !ignored.isEmpty {
            let options = ignored.joined(separator: localized(" and "))
            messages.append(String(format: ignored.count == 1
                ? localized("StoreSearch is already running; %@ only applies when it starts and was ignored. Close it and launch again to use it.")
                : localized("StoreSearch is already running; %@ only apply when it starts and were ignored. Close it and launch again to use them."),
                options))
        }
        if let term = options.searchTerm {
            searchEntry.text = term
            categoryDropDown.selectedIndex = Category.allCases.firstIndex(of: options.category) ?? 0
            runSearch()
        }
        return messages
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
        endUndoNotice()  // its row belongs to the results being replaced
        visits.cancel()
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
        guard let index = resultsList.selectedIndex else {
            visits.selected(nil)
            return detail.show(nil)
        }
        let item = resultsList.model[index]
        detail.show(item)
        if !item.isVisited { visits.selected(item.id) }
    }

    /// Opening an item marks it visited; it is not an undoable change (Mark as Unvisited is).
    private func markVisited(_ id: String) {
        guard let item = resultsList.model.elements.first(where: { $0.id == id }), !item.isVisited else { return }
        environment.keeper.update { $0.markVisited(item.result) }
        show(environment.keeper.store.item(for: item.result))
    }

    /// Puts a changed item into its row and the form, keeping selection and focus.
    private func show(_ item: Item) {
        guard let index = resultsList.model.elements.firstIndex(where: { $0.id == item.id }) else { return }
        resultsList.model.update(at: index, with: item)
        if detail.item?.id == item.id { detail.show(item) }
    }

    private func hide(_ item: Item) {
        guard let index = resultsList.model.elements.firstIndex(where: { $0.id == item.id }) else { return }
        record(ItemChange(result: item.result, kind: .hidden(true)), notice: String(format: localized("“%@” hidden"), item.name))
        // The next row takes the hidden one's place, so Delete can go on down the list.
        if resultsList.model.count > 0 {
            let next = min(index, resultsList.model.count - 1)
            resultsList.selectedIndex = next
            resultsList.scroll(to: next)
        }
    }

    // MARK: Changes, undo and redo

    /// Makes a user's change, puts it on the undo stack, and shows it; `notice` offers Undo in
    /// the bar (a newer change ends that offer: the bar's Undo only takes back the latest).
    private func record(_ change: ItemChange, notice: String? = nil) {
        environment.keeper.update { $0.apply(change) }
        history.record(change)
        reflect(change)
        if let notice {
            showBanner(notice, button: localized("Undo"), hidesAfterDelay: true) { [weak self] in
                guard let self, self.history.lastChange == change else { return }
                self.undo()
            }
            noticedChange = change
        } else {
            endUndoNotice()
        }
    }

    /// Ctrl+Z: typing not yet committed in the focused field is undone by the field itself.
    private func undoFromKeyboard() {
        if detail.focusedFieldHasUncommittedText, let focus = window.focusWidget {
            focus.activateAction("text.undo")
            return
        }
        detail.commitPendingEdits()  // a committed edit is what Ctrl+Z takes back
        undo()
    }

    func undo() {
        endUndoNotice()
        guard let change = history.undo() else { return }
        environment.keeper.update { $0.apply(change.inverse) }
        reflect(change.inverse)
    }

    func redo() {
        endUndoNotice()
        detail.commitPendingEdits()
        guard let change = history.redo() else { return }
        environment.keeper.update { $0.apply(change) }
        reflect(change)
    }

    /// Brings the list and the form in line with the store after a change to one item. A row is
    /// only ever shown for a result of the current search, and at most once.
    private func reflect(_ change: ItemChange) {
        let item = environment.keeper.store.item(for: change.result)
        let rows = resultsList.model.elements
        let row = rows.firstIndex { $0.id == change.id }
        let isHidden = environment.keeper.store.isHidden(change.id)
        switch (row, isHidden) {
        case (let row?, true):
            resultsList.model.remove(at: row)
            if detail.item?.id == change.id { detail.show(nil) }
            updateCount()
        case (nil, true):
            feeder.replacePending(change.id, with: nil)
        case (nil, false):
            if feeder.replacePending(change.id, with: item) { return }
            guard let order = lastResults.firstIndex(where: { $0.id == change.id }) else { return }
            let position = rows.filter { row in
                (lastResults.firstIndex { $0.id == row.id } ?? .max) < order
            }.count
            resultsList.model.insert(item, at: position)
            updateCount()
            resultsList.selectedIndex = position
            resultsList.scroll(to: position)
        case (_?, false):
            show(item)
        }
    }

    private func endUndoNotice() {
        guard noticedChange != nil else { return }
        noticedChange = nil
        hideBanner()
    }

    /// Shows an in-window bar; its button runs `action` (or only dismisses the bar).
    private func showBanner(_ text: String, button: String = localized("Dismiss"), hidesAfterDelay: Bool = false,
                            action: (() -> Void)? = nil) {
        noticedChange = nil
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

    /// Opens a web link; any other scheme never reaches gtk_show_uri (which would hand `file:`
    /// to a text editor and `ssh:` to a client). The decoder refuses them too; this is the last gate.
    private func openInBrowser(_ url: URL) {
        switch WebLink.check(url) {
        case .success(let link): window.openURI(link.absoluteString)
        case .failure(let refusal):
            FileHandle.standardError.write(Data("storesearch: refused to open \(url.absoluteString.prefix(200)): \(refusal.message)\n".utf8))
        }
    }

    private func showHiddenItems() {
        let hidden = HiddenItemsWindow(parent: window, results: environment.keeper.store.hiddenItems)
        hidden.onRestore = { [weak self] id in
            guard let self else { return }
            self.endUndoNotice()
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
        if closingWithoutSaving {
            searchTask?.cancel()
            environment.keeper.releaseLock()
            return false
        }
        detail.commitPendingEdits()
        do {
            try environment.keeper.saveNow()
            searchTask?.cancel()  // the request's connection closes with the window
            environment.keeper.releaseLock()
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

    /// The session ends without the window closing (application shutdown, logout, SIGTERM):
    /// what is typed is committed and saved; there is no one left to ask about a failure.
    public func saveBeforeExit() {
        detail.commitPendingEdits()
        do {
            try environment.keeper.saveNow()
        } catch {
            Log.warning("StoreSearch", "Changes not saved at exit: \(error.message)")
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
