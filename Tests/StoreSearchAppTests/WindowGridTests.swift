import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// The cover grid: the header toggle switches views over the same results and selection.
final class WindowGridTests: XCTestCase {
    func testGridShowsTilesThatOpenTheSameDetail() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            XCTAssertEqual(main.window.descendant(accessibleLabel: "List View")?.widget, main.listViewButton.widget)
            XCTAssertEqual(main.window.descendant(accessibleLabel: "Grid View")?.widget, main.gridViewButton.widget)
            harness.search("tarkan")
            harness.select("Kuzu Kuzu")
            XCTAssertEqual(main.viewMode, "list")

            main.gridViewButton.click()
            XCTAssertEqual(main.viewMode, "grid")
            XCTAssertTrue(main.gridViewButton.isActive && !main.listViewButton.isActive)
            XCTAssertTrue(MainContext.spin(until: { main.resultsGrid.isMapped && !main.resultsList.isMapped }))
            XCTAssertTrue(main.resultsGrid.hasAccessibleLabel("Results"), "the grid is named like the list")
            XCTAssertEqual(main.resultsGrid.selection.selectedElement?.name, "Kuzu Kuzu", "the same selection")
            XCTAssertEqual(harness.form.ui.nameEntry.text, "Kuzu Kuzu", "and the same detail")
            let tile = main.resultsGrid.descendant(accessibleLabel: "Kuzu Kuzu, Tarkan, Song, $1.29")
            XCTAssertEqual(tile?.parent?.widget, main.resultsGrid.widget, "each focusable tile is named")
            let onScreen = main.shownItems.prefix(4).compactMap(\.result.artworkURL)
            XCTAssertTrue(
                MainContext.spin(until: {
                    onScreen.allSatisfy { harness.environment.artwork.cachedTexture(for: $0) != nil }
                }),
                "the tiles on screen have their artwork, through the same loader")

            // Enter on a tile opens it: visited, the form shows it.
            let index = harness.names.firstIndex(of: "Şımarık")!
            main.resultsGrid.activate(index)
            XCTAssertEqual(harness.form.ui.nameEntry.text, "Şımarık")
            XCTAssertTrue(main.shownItems[index].isVisited)

            // Delete on the grid hides the selected tile; the next takes its place.
            let next = harness.names[index + 1]
            XCTAssertTrue(main.resultsGrid.pressKey(Keys.delete))
            XCTAssertFalse(harness.names.contains("Şımarık"))
            XCTAssertEqual(main.resultsGrid.selection.selectedElement?.name, next)

            main.listViewButton.click()
            XCTAssertEqual(main.viewMode, "list")
            XCTAssertTrue(MainContext.spin(until: { main.resultsList.isMapped && !main.resultsGrid.isMapped }))
            XCTAssertEqual(main.resultsList.selectedElement?.name, next)
        }
    }
}
