import Adw
import Foundation
import Gtk
import StoreSearchCore

/// Runs searches from the entry and the category drop-down and shows their states: the start
/// page, searching, the results, nothing found, and errors (with Retry, and the offline catalog
/// when the store cannot be reached).
@MainActor
package final class SearchController {
    /// search-page.ui's objects.
    let ui = SearchPageOutlets()
    var searchEntry: SearchEntry { ui.searchEntry }
    var resultsStack: Stack { ui.resultsStack }
    private let results: ResultsController
    /// The store's searches and lookups.
    private let service: SearchService
    private let storeRegion: StoreRegionSetting
    private let offlineCatalog: OfflineCatalog
    private var searchTask: Task<Void, Never>?
    /// Ticks while the store's Retry-After runs (the busy page counts down).
    private var countdown: Gtk.Timer?
    /// The clock the store's waits are measured by (tests move it forward).
    /// For tests and the bench. The clock a throttled search counts down by.
    package var now: () -> Date = { Date() }

    /// The query last sent (tests and Retry use it).
    private(set) var lastQuery: SearchQuery?
    /// A search began (the previous results are on their way out).
    let searchStarted = Event<Void>()
    /// A search's results replaced the previous ones (the detail then shows nothing).
    let newResults = Event<Void>()
    /// A term was searched for, or a link's item shown alone: pages browsed to before are left.
    let newRoot = Event<Void>()
    /// A store link named an artist (its record): the artist's page opens (BrowseController).
    let artistLinkOpened = Event<SearchResult>()
    /// The page the pane showed before the spinner took it (what going back returns to).
    private(set) var pageBeforeSearching: Page = .hint
    /// Retry runs this lookup again (a browsed page's), not the entry's search.
    private var retryLookup: (() -> Void)?

    init(
        results: ResultsController, search: SearchService, storeRegion: StoreRegionSetting,
        offlineCatalog: OfflineCatalog
    ) {
        self.results = results
        service = search
        self.storeRegion = storeRegion
        self.offlineCatalog = offlineCatalog
        ui.resultsHolder.append(results.ui.resultsView)
        searchEntry.onActivate { [weak self] in self?.runSearch() }
        // The user emptying the field (Escape, its clear icon, deleting the term) goes back to
        // the charts; text the window puts there itself does not (`setTerm`).
        searchEntry.onStopSearch { [weak self] in
            self?.setTerm("")
            self?.showCharts()
        }
        searchEntry.onEachChange { [weak self] in
            guard let self, !self.isSettingTerm, self.searchEntry.text.isEmpty else { return }
            // Once the change is over: typing over the selected term, and setting the text, empty
            // the field on the way to the new text.
            MainContext.after(.zero) { [weak self] in
                guard let self, self.searchEntry.text.isEmpty else { return }
                self.showCharts()
            }
        }
        // Category is the one list of categories: its order is the drop-down's.
        ui.categoryDropdown.setItems(Category.allCases.map(\.displayName))
        ui.categoryDropdown.onSelectionChanged { [weak self] in
            guard let self, !self.searchEntry.text.trimmingCharacters(in: .whitespaces).isEmpty else { return }
            self.runSearch()
        }
        ui.retryButton.onClicked { [weak self] in
            if let retry = self?.retryLookup { retry() } else { self?.runSearch() }
        }
        ui.offlineButton.onClicked { [weak self] in self?.useOfflineCatalog() }
        search.unreachable.subscribe { [weak self] in
            self?.ui.offlineButton.isVisible = !(self?.offlineCatalog.isOn ?? true)
        }
        resultsStack.show(Page.hint)
        ui.categoryDropdown.nameButton(localized("Category"))
        ui.categoryDropdown.nameListRows()
    }

    /// The results pane's pages, as main-window.ui names them.
    package enum Page: String, CaseIterable {
        case hint, searching, results, empty, error
    }

    package var visiblePage: Page { resultsStack.visible(Page.self) ?? .hint }

    var selectedCategory: Category {
        let index = ui.categoryDropdown.selectedIndex
        return Category.allCases.indices.contains(index) ? Category.allCases[index] : .all
    }

    /// A store page link was opened (its result is the only row): show it.
    let linkOpened = Event<Void>()
    /// A store link's lookup starts (its item, an artist's page, or a failure follows).
    let linkLookupStarted = Event<StoreLink>()
    /// The pane shows a failure (a search's, a page's, a link's).
    let failureShown = Event<SearchFailure>()

    /// Searches for the entry's text in the selected category; an empty term goes back to the
    /// charts (`showCharts`). A link typed or pasted there opens that item instead.
    func runSearch() {
        if StoreLink.looksLikeLink(searchEntry.text) {
            switch StoreLink.parse(searchEntry.text) {
            case .success(let link): open(link)
            case .failure(let refusal): showFailure(.linkRefused(refusal.message))
            }
            return
        }
        let query = storeRegion.query(term: searchEntry.text, category: selectedCategory)
        guard !query.isEmpty else { return showCharts() }
        lastQuery = query
        retryLookup = nil
        newRoot.send()
        startSearching(for: query) { [weak self, service] in
            let found = try await service.search(query, now: self?.now() ?? Date())
            self?.showResults(found, for: query)
        }
    }

    /// Shows the spinner in place of the old results and runs `work`; a newer search cancels it.
    private func startSearching(for query: SearchQuery? = nil, _ work: @escaping @MainActor () async throws -> Void) {
        searchStarted.send()
        if visiblePage != .searching { pageBeforeSearching = visiblePage }
        searchTask?.cancel()
        stopCountdown()
        results.stopFilling()
        resultsStack.show(Page.searching)
        ui.spinner.isSpinning = true
        searchTask = Task { [weak self] in
            do {
                try await work()
            } catch is CancellationError {
                return  // a newer search owns the pane
            } catch let failure as SearchFailure {
                self?.showFailure(failure, for: query)
            } catch {
                self?.showFailure(.unreadable(detail: String(describing: error)))
            }
        }
    }

    /// Looks the link's item up in the link's store region (else the current one) and shows it
    /// as the only result, opened. The link itself is never handed to another program.
    /// `clearingEntry`: an item shown alone empties the search field (it was not found for the
    /// term there); an artist's page keeps it, as every page does (Back returns to that search).
    func open(_ link: StoreLink, clearingEntry: Bool = false) {
        let country = link.region ?? storeRegion.country
        guard let query = LookupQuery(ids: [link.id], country: country) else {
            return showFailure(.linkRefused(StoreLink.Refusal.noItem.message))
        }
        retryLookup = nil
        linkLookupStarted.send(link)
        startSearching { [weak self, service] in
            let found = try await service.lookup(query)
            guard let self else { return }
            guard let item = link.item(in: found) else { return self.showFailure(.linkNotFound) }
            if item.kind == .artist { return self.artistLinkOpened.send(item) }
            if clearingEntry { self.setTerm("") }
            self.showOpened(item)
        }
    }

    /// Runs a browsed page's lookup as a search runs: the spinner, the same failures (Retry runs
    /// the lookup again), cancelled by Back or a newer search; `show` gets the store's answer.
    func browse(_ query: LookupQuery, show: @escaping @MainActor ([SearchResult]) -> Void) {
        browse(loading: { [service] in try await service.lookup(query) }, show: show)
    }

    /// The same for a page that `load` fills (a whole chart: its feed, then its records).
    func browse(
        loading load: @escaping @MainActor () async throws -> [SearchResult],
        show: @escaping @MainActor ([SearchResult]) -> Void
    ) {
        retryLookup = { [weak self] in self?.browse(loading: load, show: show) }
        startSearching { [weak self] in
            let found = try await load()
            self?.ui.spinner.isSpinning = false
            show(found)
        }
    }

    /// Shows `page` of the pane as it was (going back): the results as they are in the list, the
    /// empty page with `emptyText`; any other page as the start page.
    func showPane(_ page: Page, emptyText: String) {
        searchTask?.cancel()
        stopCountdown()
        ui.spinner.isSpinning = false
        ui.emptyPage.pageDescription = emptyText
        switch page {
        case .results, .empty: resultsStack.show(page)
        case .hint, .searching, .error: resultsStack.show(Page.hint)
        }
    }

    /// Shows `result` alone in the results, opened (a store link, a pick in the Shell's overview).
    func showOpened(_ result: SearchResult) {
        searchTask?.cancel()
        newRoot.send()
        ui.spinner.isSpinning = false
        results.show([result])
        newResults.send()
        resultsStack.show(Page.results)
        linkOpened.send()
    }

    /// The user emptied the search field (its clear icon, deleting the term, Escape, Enter with
    /// nothing typed): the Search page shows the charts again (or its hint), as GNOME Software
    /// goes back to Explore; a search on its way is cancelled and the pages browsed to are left.
    /// The results come with the next search. Escape elsewhere (the detail, a list) leaves the
    /// field and the results as they are.
    private func showCharts() {
        guard visiblePage != .hint else { return }
        cancel()
        results.stopFilling()
        ui.spinner.isSpinning = false
        retryLookup = nil
        newRoot.send()
        results.select(nil)  // the list leaves the screen: so does its open item
        results.show([])  // nothing of it stays behind the charts for the keyboard to land on
        resultsStack.show(Page.hint)
        // The focus left with the list (the clear icon clicked while a row had it): GTK would drop
        // every key.
        if !searchEntry.containsFocus { searchEntry.grabFocus() }
    }

    /// Puts `term` in the search field as the window does (the first key typed on the results
    /// starts a new term, an item shown alone empties it): not the user emptying the field.
    func setTerm(_ term: String) {
        isSettingTerm = true
        searchEntry.text = term
        isSettingTerm = false
    }

    private var isSettingTerm = false

    /// Starts with `term` in `category` (the command line's --search and --category).
    func start(term: String, category: Category) {
        setTerm(term)
        ui.categoryDropdown.selectedIndex = Category.allCases.firstIndex(of: category) ?? 0
        runSearch()
    }

    private func showResults(_ found: [SearchResult], for query: SearchQuery) {
        ui.spinner.isSpinning = false
        results.show(found)
        newResults.send()
        if results.isEmpty {
            ui.emptyPage.pageDescription = String(
                format: localized("No results for “%1$@” in %2$@."), query.term, query.category.displayName)
            resultsStack.show(Page.empty)
        } else {
            resultsStack.show(Page.results)
        }
    }

    private func showFailure(_ failure: SearchFailure, for query: SearchQuery? = nil) {
        ui.spinner.isSpinning = false
        ui.errorPage.title = failure.title
        ui.errorPage.pageDescription = failure.message
        ui.offlineButton.isVisible = failure.isUnreachable && !offlineCatalog.isOn
        ui.retryButton.isVisible = failure.isWorthRetrying
        ui.retryButton.isSensitive = true
        resultsStack.show(Page.error)
        results.select(nil)  // the list under the failure page is gone from view: so is its open item
        if case .retryLater(_, let date, _) = failure, let query { count(down: date, for: query) }
        failureShown.send(failure)
    }

    /// The store asked to wait until `date`: the page says how long is left as it counts down,
    /// Retry waits too, and when the time has come the search runs by itself if nothing else
    /// took the page meanwhile.
    private func count(down date: Date, for query: SearchQuery) {
        let tick = { [weak self] () -> Bool in
            guard let self else { return false }
            let remaining = Int(date.timeIntervalSince(self.now()).rounded(.up))
            guard remaining > 0 else {
                self.stopCountdown()
                if self.visiblePage == .error, self.lastQuery == query { self.runSearch() }
                return false
            }
            self.ui.errorPage.pageDescription = SearchFailure.waitMessage(term: query.term, remaining: remaining)
            return true
        }
        ui.retryButton.isSensitive = false
        guard tick() else { return }
        countdown = MainContext.every(.seconds(1)) { tick() }
    }

    private func stopCountdown() {
        countdown?.cancel()
        countdown = nil
        ui.retryButton.isSensitive = true
    }

    package var errorText: (title: String, message: String) { (ui.errorPage.title, ui.errorPage.pageDescription) }
    var emptyText: String { ui.emptyPage.pageDescription }

    /// Searches (and the charts) go to another store: the bundled catalog.
    let storeChanged = Event<Void>()

    /// Points searches at the bundled catalog; `searching` repeats the last search there.
    func useOfflineCatalog(searching: Bool = true) {
        do {
            let wasOffline = offlineCatalog.isOn
            try offlineCatalog.switchOn()
            ui.offlineLabel.isVisible = true
            if !wasOffline { storeChanged.send() }
            if searching { runSearch() }
        } catch {
            showFailure(
                .unreachable(
                    detail: String(
                        format: localized("The offline catalog could not be opened: %@"), String(describing: error))))
        }
    }

    func cancel() {
        searchTask?.cancel()
        stopCountdown()
    }
}
