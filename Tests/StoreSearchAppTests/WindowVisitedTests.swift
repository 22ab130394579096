import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// "Visited" means opened: clicked, Enter, or kept selected for a moment; not arrowed past.
final class WindowVisitedTests: XCTestCase {
    func testArrowingPastRowsVisitsNothingButEnterAndDwellingDo() throws {
        try WindowHarness.withCatalogWindow { harness in
            harness.search("tarkan")
            let list = harness.main.resultsList
            var visitedCount: Int {
                harness.environment.items.keeper.store.records.values.count { $0.visitedAt != nil }
            }

            for row in 0...5 {  // Down ×5 from the first row
                list.selectedIndex = row
                MainContext.spin(until: { false }, timeout: .milliseconds(100))
            }
            XCTAssertEqual(visitedCount, 0, "arrowing past rows marks nothing visited")
            XCTAssertTrue(harness.main.shownItems.allSatisfy { !$0.isVisited })

            list.activate(2)  // Enter
            XCTAssertEqual(visitedCount, 1)
            XCTAssertTrue(harness.main.shownItems[2].isVisited)

            list.selectedIndex = 4
            XCTAssertFalse(harness.main.shownItems[4].isVisited, "not at once")
            XCTAssertTrue(
                MainContext.spin(until: { harness.main.shownItems[4].isVisited }, timeout: .seconds(5)),
                "staying on a row visits it")
            XCTAssertEqual(visitedCount, 2)
        }
    }

    /// Hiding a result selects the next one for the next Delete; the user did not choose that
    /// row, so staying on it does not visit it.
    func testTheRowSelectedAfterAHideIsNotVisited() throws {
        try WindowHarness.withCatalogWindow { harness in
            harness.search("tarkan")
            harness.main.resultsList.activate(0)
            let next = harness.main.shownItems[1]
            harness.form.ui.hideButton.click()
            XCTAssertEqual(harness.main.resultsList.selectedIndex, 0)
            XCTAssertEqual(harness.main.shownItems[0].id, next.id, "the next row took its place, selected")
            MainContext.spin(until: { false }, timeout: VisitTracker.dwell + .milliseconds(500))
            XCTAssertFalse(harness.main.shownItems[0].isVisited)
            XCTAssertNil(harness.environment.items.keeper.store.records[next.id], "nor is it one of My Items")
            XCTAssertTrue(harness.form.ui.notesView.grabFocus())
            XCTAssertTrue(
                MainContext.spin(until: { harness.main.shownItems[0].isVisited }), "going into its form opens it")
        }
    }

    /// Rows the keyboard or a link lands on are chosen by the user: staying there visits them.
    func testStayingOnTheFirstRowAfterDownOrOnALinksItemVisitsIt() throws {
        try WindowHarness.withCatalogWindow { harness in
            harness.search("tarkan")
            XCTAssertTrue(harness.main.results.focusFirst())  // Down from the search field
            XCTAssertTrue(MainContext.spin(until: { harness.main.shownItems[0].isVisited }, timeout: .seconds(5)))
            _ = harness.main.handleSecondLaunch(arguments: ["https://music.apple.com/us/album/karma/200001?i=300001"])
            XCTAssertTrue(MainContext.spin(until: { harness.form.item?.name == "Kuzu Kuzu" }))
            XCTAssertTrue(
                MainContext.spin(until: { harness.main.shownItems.first?.isVisited == true }, timeout: .seconds(5)),
                "a link's item, opened, is visited")
        }
    }

    func testMarkAsUnvisitedClearsTheMarkAndIsSaved() throws {
        try WindowHarness.withCatalogWindow { harness in
            harness.search("tarkan")
            harness.main.resultsList.activate(0)
            let button = try XCTUnwrap(harness.main.window.descendant(accessibleLabel: "Mark as Unvisited"))
            XCTAssertEqual(button.widget, harness.form.ui.unvisitButton.widget)
            XCTAssertTrue(harness.form.ui.unvisitButton.isVisible)
            let id = harness.main.shownItems[0].id

            harness.form.ui.unvisitButton.click()
            XCTAssertFalse(harness.main.shownItems[0].isVisited, "the row is no longer dimmed")
            XCTAssertFalse(harness.form.ui.unvisitButton.isVisible)
            XCTAssertTrue(harness.close())
            XCTAssertNil(try harness.savedStore().records[id]?.visitedAt, "and that is saved")
        }
    }

    /// Issue #30: every row of My Items is one the user opened, and a page of faded rows looked
    /// disabled: My Items draws none of them faded (the search results still do).
    func testMyItemsDrawsNoRowAsVisited() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            harness.search("tarkan")
            main.resultsList.activate(0)
            XCTAssertTrue(main.shownItems[0].isVisited)
            _ = MainContext.spin(until: { false }, timeout: .milliseconds(200))
            let resultRow = try XCTUnwrap(main.results.views.listViewport.cell(at: 0))
            XCTAssertTrue(resultRow.hasCSSClass("visited"), "the search results fade a visited row")

            main.myItems.showPage(myItems: true)
            let page = main.myItems.page
            XCTAssertTrue(MainContext.spin(until: { page.count == 1 && page.views.listViewport.cell(at: 0) != nil }))
            XCTAssertTrue(page.views.model[0].isVisited)
            let row = try XCTUnwrap(page.views.listViewport.cell(at: 0))
            XCTAssertFalse(row.hasCSSClass("visited"), "My Items does not")
            page.views.show(.grid)
            XCTAssertTrue(MainContext.spin(until: { page.views.gridViewport.cell(at: 0) != nil }))
            XCTAssertFalse(try XCTUnwrap(page.views.gridViewport.cell(at: 0)).hasCSSClass("visited"), "nor its grid")
        }
    }
}
