import Foundation
import Gtk
import StoreSearchCore

/// The Explore page (explore-page.ui): with nothing searched, the Search page shows the store's
/// charts for the chosen category in the picked store region, a section each (`ChartSection`).
/// They load once the window is on screen (`windowShown`), never before it, and again when the
/// category, the region or the store (the offline catalog) changes; Retry asks again. Rows follow
/// the user's items (a kept item's star, a hidden one left out). Opening a row and See All are
/// the window's to do (`itemActivated`, `seeAllRequested`).
@MainActor
package final class ExploreController {
    enum Page: String, CaseIterable { case hint, loading, charts, failure, unavailable }

    let ui = ExplorePageOutlets()
    var root: Stack { ui.explorePage }
    private let charts: ChartService
    private let items: Items
    private let artwork: ArtworkLoader
    private let storeRegion: StoreRegionSetting
    private let offlineCatalog: OfflineCatalog
    /// False: the page shows its hint, never the charts (tests of other parts turn them off).
    private let showsCharts: Bool
    private let formatter: PriceFormatter
    private var sections: [ChartSection] = []
    /// Where charts failed for the same reason: said once for them.
    private(set) var failureNotes: [ChartFailureNote] = []
    private var loadTask: Task<Void, Never>?
    /// What the sections show, or are loading: the charts' store, region and category.
    private var shownKey: String?
    private var category = Category.all
    private var isWindowShown = false
    /// Whether the Search page shows the Explore page (nothing searched). Charts are asked for only
    /// then: a search at start, or a region picked while results show, spends none of the store's
    /// requests on charts nobody sees; they load when the page comes back (`pageShown`).
    var isOnScreen: () -> Bool = { true }
    private var isWaitingForThePage = false

    /// A row was opened (clicked, Enter): the window shows its detail.
    let itemActivated = Event<Item>()
    /// See All: the whole chart as a page of the results.
    let seeAllRequested = Event<Chart>()
    /// The failure page's offline button.
    let offlineRequested = Event<Void>()
    /// The charts (or their failure) are on screen.
    let shown = Event<Void>()

    init(
        charts: ChartService, items: Items, artwork: ArtworkLoader, locale: Locale, storeRegion: StoreRegionSetting,
        offlineCatalog: OfflineCatalog, showsCharts: Bool
    ) {
        self.charts = charts
        self.items = items
        self.artwork = artwork
        self.storeRegion = storeRegion
        self.offlineCatalog = offlineCatalog
        self.showsCharts = showsCharts
        formatter = PriceFormatter(locale: locale)
        root.show(showsCharts ? Page.loading : Page.hint)
        ui.retryButton.onClicked { [weak self] in self?.reload() }
        ui.offlineButton.onClicked { [weak self] in self?.offlineRequested.send() }
        // A newer snapshot changes nothing a chart's row shows (its record is the chart's answer).
        items.changed.subscribe { [weak self] change in
            if change.cause != .snapshots { self?.follow(change.ids) }
        }
    }

    var visiblePage: Page { root.visible(Page.self) ?? .hint }
    var shownSections: [ChartSection] { sections.filter { $0.root.isVisible } }

    /// The window is on screen: the charts may load now (start-up does not wait for them).
    func windowShown(category: Category) {
        guard !isWindowShown else { return }
        isWindowShown = true
        show(category: category)
    }

    /// Shows the charts of `category` (the drop-down's) in the picked region; what is on screen
    /// already is not asked again.
    func show(category: Category) {
        self.category = category
        guard showsCharts, isWindowShown else { return }
        guard isOnScreen() else {
            isWaitingForThePage = true
            return
        }
        isWaitingForThePage = false
        let country = storeRegion.country
        let key = "\(self.charts.baseURL.absoluteString) \(country) \(category.rawValue)"
        guard key != shownKey || visiblePage == .failure else { return }
        shownKey = key
        loadTask?.cancel()
        let charts = ChartFeed.feeds(for: category).map { Chart(feed: $0, country: country) }
        makeSections(for: charts)
        root.show(Page.loading)
        ui.spinner.isSpinning = true
        loadTask = Task { [weak self, service = self.charts] in
            do {
                let answers = try await service.records(of: charts)
                self?.show(answers)
            } catch {
                return  // cancelled: a newer load, or the window closed (the only error it throws)
            }
        }
    }

    /// The Explore page is on screen again: the charts asked for meanwhile load now.
    func pageShown() {
        if isWaitingForThePage { show(category: category) }
    }

    /// Asks again for what failed (Retry), or for another store's charts (the offline catalog).
    func reload() {
        shownKey = nil
        show(category: category)
    }

    private func makeSections(for charts: [Chart]) {
        ui.sectionsBox.removeAll()
        failureNotes = []
        sections = charts.map { chart in
            ChartSection(
                chart: chart, seeAll: { [weak self] in self?.seeAllRequested.send($0) },
                open: { [weak self] in self?.itemActivated.send($0) }, retry: { [weak self] in self?.reload() })
        }
        for section in sections { ui.sectionsBox.append(section.root) }
    }

    private func show(_ answers: [Chart: Result<[SearchResult], SearchFailure>]) {
        ui.spinner.isSpinning = false
        let store = items.store
        var failed: [(section: ChartSection, failure: SearchFailure)] = []
        for section in sections {
            switch answers[section.chart] {
            case .success(let records)?:
                items.refreshSnapshots(from: records)  // as a search's answer does
                section.show(records, store: store, formatter: formatter, loader: artwork)
            case .failure(let failure)?: failed.append((section, failure))
            case nil: section.show([], store: store, formatter: formatter, loader: artwork)
            }
        }
        if let failure = failed.first?.failure, failed.count == sections.count {
            showFailure(failure)
        } else {
            showFailures(failed)
            root.show(!sections.contains(where: \.isShowingEntries) && failed.isEmpty ? Page.unavailable : Page.charts)
        }
        shown.send()
    }

    /// Some charts failed: one alone says why in its section; charts that failed for the same
    /// reason say it once, in a note where the first of them is.
    private func showFailures(_ failed: [(section: ChartSection, failure: SearchFailure)]) {
        let reasons = failed.map { [$0.failure.title, $0.failure.message] }
        for (index, reason) in reasons.enumerated() where reasons.firstIndex(of: reason) == index {
            let alike = failed.indices.filter { reasons[$0] == reason }.map { failed[$0] }
            guard alike.count > 1 else {
                alike[0].section.show(alike[0].failure)
                continue
            }
            for member in alike { member.section.leaveToNote() }
            let note = ChartFailureNote(failure: alike[0].failure, charts: alike.map(\.section.chart)) {
                [weak self] in self?.reload()
            }
            ui.sectionsBox.insert(note.root, after: alike[0].section.root)
            failureNotes.append(note)
        }
    }

    /// Every chart failed: the page says what a search's failure says.
    private func showFailure(_ failure: SearchFailure) {
        ui.failurePage.title = failure.title
        ui.failurePage.pageDescription = failure.message
        ui.retryButton.isVisible = failure.isWorthRetrying
        ui.offlineButton.isVisible = failure.isUnreachable && !offlineCatalog.isOn
        root.show(Page.failure)
    }

    /// The rows follow a change of the user's items (Keep, Hide, an edit, its Undo).
    private func follow(_ ids: Set<String>) {
        let store = items.store
        for section in sections where section.records.contains(where: { ids.contains($0.id) }) {
            section.show(section.records, store: store, formatter: formatter, loader: artwork)
        }
    }

    /// Down from the empty search field: the first entry of the first chart; false with none.
    func focusFirst() -> Bool {
        guard visiblePage == .charts else { return false }
        return sections.contains { $0.focusFirst() }
    }

    /// Every cover of the first chart on screen is shown (the bench's measure). For tests and the bench.
    package var firstChartHasItsCovers: Bool {
        guard visiblePage == .charts, let first = shownSections.first else { return false }
        return first.hasSettledArtwork
    }

    func cancel() { loadTask?.cancel() }
}
