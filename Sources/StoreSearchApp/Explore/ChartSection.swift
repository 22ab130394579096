import Foundation
import Gtk
import StoreSearchCore

/// One chart on the Explore page (chart-section.ui): its title, See All, and its first entries as
/// rows in a list that screen readers name by the chart's title ("Top Songs"); or, when its feed
/// failed, what a search's failure says, with Retry.
@MainActor
final class ChartSection {
    /// The section stack's pages, as chart-section.ui names them.
    enum Page: String, CaseIterable { case entries, failure }

    let ui = ChartSectionOutlets()
    let chart: Chart
    /// The chart's records, in its order (hidden items too: they come back with Undo).
    private(set) var records: [SearchResult] = []
    /// The rows' items, in the chart's order.
    private(set) var items: [Item] = []
    private var rows: [ChartRow] = []

    init(
        chart: Chart, seeAll: @escaping @MainActor (Chart) -> Void, open: @escaping @MainActor (Item) -> Void,
        retry: @escaping @MainActor () -> Void
    ) {
        self.chart = chart
        ui.titleLabel.text = chart.title
        ui.entriesList.setAccessibleLabel(chart.title)
        ui.seeAllButton.setAccessibleLabel(String(format: localized("See All: %@"), chart.title))
        ui.seeAllButton.onClicked { seeAll(chart) }
        ui.entriesList.onRowActivated { [weak self] index in
            guard let self, self.items.indices.contains(index) else { return }
            open(self.items[index])
        }
        // Enter on a row: the search field's type-to-search takes the key before the list's own
        // binding does (as it would a results row's, see ResultsController), so the list opens it here.
        ui.entriesList.onKeyPressedBeforeChildren { [weak self] keyval, _ in
            guard let self, Keys.enter.contains(keyval),
                let index = self.rows.firstIndex(where: { $0.root.parent?.hasFocus == true }),
                self.items.indices.contains(index)
            else { return false }
            open(self.items[index])
            return true
        }
        ui.sectionRetryButton.onClicked { retry() }
    }

    var root: Box { ui.chartSection }

    /// The chart's first entries as the user's items (hidden ones left out, kept ones starred).
    func show(_ records: [SearchResult], store: ItemStore, formatter: PriceFormatter, loader: ArtworkLoader) {
        self.records = records
        items = Array(store.apply(to: records).prefix(Chart.sectionLength))
        while rows.count > items.count, let row = rows.popLast()?.root.parent { ui.entriesList.remove(row) }
        while rows.count < items.count {
            let row = ChartRow()
            ui.entriesList.append(row.root)
            rows.append(row)
        }
        for (row, item) in zip(rows, items) {
            row.show(item, isKept: store.isKept(item.id), formatter: formatter, loader: loader)
        }
        ui.sectionStack.show(Page.entries)
        ui.seeAllButton.isVisible = true
        root.isVisible = !items.isEmpty  // a chart with nothing in it (offline: no albums) is left out
    }

    /// The feed could not be read: what a search's failure says (its title over its explanation),
    /// with Retry where that can help.
    func show(_ failure: SearchFailure) {
        records = []
        items = []
        ui.failureTitleLabel.text = failure.title
        ui.failureLabel.text = failure.message
        ui.sectionRetryButton.isVisible = failure.isWorthRetrying
        ui.seeAllButton.isVisible = false
        ui.sectionStack.show(Page.failure)
        root.isVisible = true
    }

    /// The feed could not be read, and a note says so for this chart and others (`ChartFailureNote`).
    func leaveToNote() {
        records = []
        items = []
        root.isVisible = false
    }

    var isShowingEntries: Bool { root.isVisible && ui.sectionStack.visible(Page.self) == .entries }

    /// Whether every row's cover is shown (or the icon for none).
    var hasSettledArtwork: Bool { rows.allSatisfy(\.hasSettledArtwork) }

    /// The keyboard onto the first entry; false when the section shows none.
    func focusFirst() -> Bool {
        guard isShowingEntries, let first = rows.first?.root.parent else { return false }
        return first.grabFocus()
    }
}
