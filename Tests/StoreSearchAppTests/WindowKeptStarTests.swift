import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// A kept item shows a small star on its row or tile wherever it is listed (a chart, a whole chart
/// opened with See All, a search's results, a page browsed to, My Items), as the manual says; the
/// star comes and goes with Keep. Only the charts' own rows showed it: a kept item in See All or in
/// a search looked like any other.
final class WindowKeptStarTests: XCTestCase {
    func testAKeptItemShowsItsStarInEveryListAndGridAndLosesIt() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, offline: true, size: (1024, 760), charts: true)
            defer { harness.dispose() }
            let main = harness.main
            XCTAssertTrue(MainContext.spin(until: { main.explore.visiblePage == .charts }, timeout: .seconds(15)))
            let songs = try XCTUnwrap(main.explore.shownSections.first { $0.chart.title == "Top Songs" })
            let kept = songs.items[1], other = songs.items[0]
            main.explore.itemActivated.send(kept)  // opened from the chart
            XCTAssertTrue(main.window.activateAction("win.keep"))
            XCTAssertTrue(MainContext.spin(until: { main.items.store.isKept(kept.id) }))
            let chartRows = songs.ui.entriesList.children
            XCTAssertTrue(MainContext.spin(until: { Self.showsStar(chartRows[1]) }), "the chart's row")
            XCTAssertFalse(Self.showsStar(chartRows[0]))

            songs.ui.seeAllButton.click()
            XCTAssertTrue(
                MainContext.spin(
                    until: { main.visiblePage == .results && !main.isFillingResults && harness.names.count > 2 },
                    timeout: .seconds(15)))
            try Self.assertStar(on: kept, notOn: other, in: main, "See All's list")

            XCTAssertTrue(main.window.activateAction("win.view-mode", string: "grid"))
            try Self.assertStar(on: kept, notOn: other, in: main, "See All's grid")
            XCTAssertTrue(main.window.activateAction("win.view-mode", string: "list"))

            harness.select(kept.name)
            XCTAssertTrue(main.window.activateAction("win.keep"))  // no longer kept
            XCTAssertTrue(MainContext.spin(until: { !main.items.store.isKept(kept.id) }))
            let index = try XCTUnwrap(harness.names.firstIndex(of: kept.name))
            XCTAssertTrue(
                MainContext.spin(until: {
                    main.results.views.listViewport.cell(at: index).map { !Self.showsStar($0) } ?? false
                }), "the star goes with Keep")
            XCTAssertTrue(main.window.activateAction("win.keep"))  // kept again

            harness.search(kept.name)
            try Self.assertStar(on: kept, notOn: nil, in: main, "a search's results")

            main.myItems.showPage(myItems: true)
            let page = main.myItems.page
            XCTAssertTrue(MainContext.spin(until: { page.count > 0 && !page.isListing }))
            let row = try XCTUnwrap(page.shown.firstIndex { $0.item.id == kept.id })
            XCTAssertTrue(
                MainContext.spin(until: { page.views.listViewport.cell(at: row).map(Self.showsStar) ?? false }),
                "My Items' row")
        }
    }

    /// The star of a kept item's row (and only that), with its accessible description, and what a
    /// screen reader hears for the row.
    @MainActor
    private static func assertStar(
        on kept: Item, notOn other: Item?, in main: MainWindow, _ place: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let views = main.results.views
        let viewport = views.viewMode == .grid ? views.gridViewport : views.listViewport
        let index = try XCTUnwrap(main.shownItems.firstIndex { $0.id == kept.id }, file: file, line: line)
        XCTAssertTrue(
            MainContext.spin(until: { viewport.cell(at: index).map(showsStar) ?? false }),
            "\(place): the kept item's star", file: file, line: line)
        let cell = try XCTUnwrap(viewport.cell(at: index), file: file, line: line)
        XCTAssertNotNil(
            cell.descendant { $0.hasAccessibleDescription("Kept") }, "\(place): described", file: file, line: line)
        let item = main.shownItems[index], formatter = PriceFormatter(locale: Locale(identifier: "en_US"))
        let price = formatter.listing(
            price: item.price, ownPrice: false, offers: item.result.offers, currency: item.result.currency)
        let spoken = item.spokenLabel(price: price) + ", Kept in My Items"
        XCTAssertTrue(
            cell.parent?.hasAccessibleLabel(spoken) == true, "\(place): the row is “\(spoken)”", file: file,
            line: line)
        if let other, let otherIndex = main.shownItems.firstIndex(where: { $0.id == other.id }),
            let otherCell = viewport.cell(at: otherIndex)
        {
            XCTAssertFalse(showsStar(otherCell), "\(place): no star on another", file: file, line: line)
        }
    }

    @MainActor
    private static func showsStar(_ cell: Widget) -> Bool {
        cell.mappedIconNames.contains("starred-symbolic")
    }
}
