import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// The window at a phone's size folds to one pane; on a wide screen both panes show.
final class WindowAdaptiveTests: XCTestCase {
    func testPhoneSizeShowsOnePaneAndGoesBack() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, size: (360, 640))
            defer { harness.dispose() }
            let main = harness.main
            XCTAssertTrue(MainContext.spin(until: { main.isFolded }), "360 px holds one pane")
            XCTAssertLessThanOrEqual(main.window.allocatedWidth, 360, "the window fits a phone's width")
            XCTAssertFalse(main.isShowingDetail, "the results come first")
            harness.search("tarkan")

            harness.select("Kuzu Kuzu")  // a tap on the row
            XCTAssertTrue(MainContext.spin(until: { main.isShowingDetail }), "selecting slides to the detail")
            XCTAssertEqual(harness.form.ui.nameEntry.text, "Kuzu Kuzu")
            XCTAssertTrue(main.backButton.isVisible)
            XCTAssertEqual(main.window.descendant(accessibleLabel: "Back")?.widget, main.backButton.widget)

            main.backButton.click()
            XCTAssertTrue(MainContext.spin(until: { !main.isShowingDetail }), "Back slides to the results")
            XCTAssertNil(main.resultsList.selectedIndex, "tapping the same row opens it again")

            // Enter on a row opens it; Escape and Alt+Left go back.
            harness.main.resultsList.activate(2)
            XCTAssertTrue(MainContext.spin(until: { main.isShowingDetail }))
            XCTAssertTrue(main.keepButton.hasFocus, "Enter puts focus on the item's page")
            harness.pressKeys("Escape")
            XCTAssertTrue(MainContext.spin(until: { !main.isShowingDetail }), "Escape goes back")
            XCTAssertTrue(main.resultsList.containsFocus, "focus returns to the results")
            XCTAssertEqual(main.resultsList.selectedIndex, 2, "a key keeps the row selected")
            harness.pressKeys("F6")
            XCTAssertTrue(
                MainContext.spin(until: { main.isShowingDetail && main.keepButton.hasFocus }),
                "so F6 goes straight back to its detail")
            XCTAssertEqual(harness.form.ui.nameEntry.text, harness.names[2])
            harness.pressKeys("F6")
            XCTAssertTrue(MainContext.spin(until: { !main.isShowingDetail && main.resultsList.containsFocus }))
            XCTAssertEqual(main.resultsList.selectedIndex, 2)

            harness.main.resultsList.activate(3)
            XCTAssertTrue(MainContext.spin(until: { main.isShowingDetail }))
            harness.pressKeys("alt+Left")
            XCTAssertTrue(MainContext.spin(until: { !main.isShowingDetail }), "Alt+Left goes back")
        }
    }

    /// Folded, a click on the row the user came back from with a key (Escape, Alt+Left: the row
    /// stays selected, for Enter and F6) opened nothing: GTK selects on a click, and selecting the
    /// selected row changes nothing. A click on it opens it again, as on any other row; in the
    /// grid too. (The same after widening with an item open and narrowing again.)
    func testFoldedAClickOnTheRowCameBackFromWithAKeyOpensItAgain() throws {
        try WindowHarness.withCatalogWindow(size: (360, 640)) { harness in
            let main = harness.main
            XCTAssertTrue(MainContext.spin(until: { main.isFolded }))
            harness.search("harbor")
            let index = try XCTUnwrap(harness.names.firstIndex(of: "Quiet Harbor"))
            let row = { try XCTUnwrap(main.results.views.listViewport.cell(at: index)) }
            for key in ["Escape", "alt+Left", "Escape"] {
                harness.click(try row())
                XCTAssertTrue(MainContext.spin(until: { main.isShowingDetail }), "a click opens the row")
                XCTAssertEqual(harness.form.ui.nameEntry.text, "Quiet Harbor")
                harness.pressKeys(key)
                XCTAssertTrue(MainContext.spin(until: { !main.isShowingDetail }), "\(key) goes back")
                XCTAssertEqual(main.resultsList.selectedIndex, index, "a key keeps the row selected")
            }
            harness.click(try row())
            XCTAssertTrue(MainContext.spin(until: { main.isShowingDetail }), "the selected row opens again")

            harness.pressKeys("Escape")
            XCTAssertTrue(MainContext.spin(until: { !main.isShowingDetail }))
            XCTAssertTrue(main.window.activateAction("win.view-mode", string: "grid"))  // the main menu's Grid View
            XCTAssertTrue(MainContext.spin(until: { main.viewMode == "grid" }))
            let tile = try XCTUnwrap(main.results.views.gridViewport.cell(at: index))
            XCTAssertTrue(MainContext.spin(until: { tile.isMapped && tile.allocatedWidth >= ResultTile.minimumWidth }))
            XCTAssertEqual(main.results.selection.selectedIndex, index)
            harness.click(tile)
            XCTAssertTrue(MainContext.spin(until: { main.isShowingDetail }), "a click on the selected tile opens it")

            // Wide with it open, then narrow: the list shows with the row selected.
            harness.pressKeys("Escape")
            XCTAssertTrue(MainContext.spin(until: { !main.isShowingDetail }))
            XCTAssertTrue(main.window.activateAction("win.view-mode", string: "list"))
            harness.resize(width: 1024, height: 700)
            XCTAssertTrue(MainContext.spin(until: { !main.isFolded }))
            harness.resize(width: 360, height: 640)
            XCTAssertTrue(MainContext.spin(until: { main.isFolded && !main.isShowingDetail }))
            XCTAssertEqual(main.resultsList.selectedIndex, index)
            MainContext.spin(until: { false }, timeout: .milliseconds(300))  // laid out at the new width
            harness.click(try row())
            XCTAssertTrue(MainContext.spin(until: { main.isShowingDetail }), "after narrowing too")
        }
    }

    /// Folded, an item opened with a click has the focus on its page, as with Enter: GTK gave it
    /// back to the field last focused in the form, its text selected, so one key replaced it (a
    /// tester typed "Q" over an artist's name).
    func testFoldedAClickOpensTheItemWithTheFocusOnItsPageNotInAField() throws {
        try WindowHarness.withCatalogWindow(size: (360, 640)) { harness in
            let main = harness.main, form = harness.form
            XCTAssertTrue(MainContext.spin(until: { main.isFolded }))
            harness.search("harbor")
            let cell = { (index: Int) in try XCTUnwrap(main.results.views.listViewport.cell(at: index)) }
            harness.click(try cell(0))
            XCTAssertTrue(MainContext.spin(until: { main.isShowingDetail }))
            XCTAssertTrue(form.ui.artistEntry.grabFocus())  // the user clicked into Artist
            XCTAssertTrue(MainContext.spin(until: { form.ui.artistEntry.containsFocus }))
            harness.pressKeys("Escape")
            XCTAssertTrue(MainContext.spin(until: { !main.isShowingDetail }), "Escape goes back")
            harness.click(try cell(1))
            XCTAssertTrue(MainContext.spin(until: { main.isShowingDetail && form.item?.id == main.shownItems[1].id }))
            XCTAssertTrue(MainContext.spin(until: { main.keepButton.containsFocus }), "the focus is on its page")
            XCTAssertFalse(form.ui.artistEntry.containsFocus)
        }
    }

    /// The same on My Items, whose list is the same kind of view.
    func testFoldedAClickOnTheSelectedMyItemsRowOpensItAgain() throws {
        try WindowHarness.withCatalogWindow(size: (360, 640)) { harness in
            let main = harness.main, page = main.myItems.page
            XCTAssertTrue(MainContext.spin(until: { main.isFolded }))
            harness.search("harbor")
            harness.open("Quiet Harbor")
            XCTAssertTrue(main.window.activateAction("win.keep"))
            main.layout.goBack()
            main.myItems.showPage(myItems: true)
            XCTAssertTrue(MainContext.spin(until: { page.count == 1 && !page.isListing }))
            let row = try XCTUnwrap(page.views.listViewport.cell(at: 0))
            XCTAssertTrue(MainContext.spin(until: { row.isMapped && row.allocatedWidth > 200 }), "laid out")
            harness.click(row)
            XCTAssertTrue(MainContext.spin(until: { main.isShowingDetail }), "a click opens the row")
            harness.pressKeys("Escape")
            XCTAssertTrue(MainContext.spin(until: { !main.isShowingDetail }))
            XCTAssertEqual(page.views.selection.selectedIndex, 0, "a key keeps the row selected")
            harness.click(row)
            XCTAssertTrue(MainContext.spin(until: { main.isShowingDetail }), "a click on it opens it again")
            XCTAssertEqual(main.detail.item?.name, "Quiet Harbor")
        }
    }

    /// Issue #45: at 360 px the header's title was cut to "Stor…" (beside the list and grid
    /// toggles, the menus and three window buttons). Folded, the toggles leave the header (the
    /// main menu has them) and the title shows whole; wide again, they are back.
    func testAtAPhonesWidthTheHeaderShowsTheWholeTitle() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, size: (360, 640))
            defer { harness.dispose() }
            let main = harness.main, window = main.window
            XCTAssertTrue(MainContext.spin(until: { main.isFolded }))
            XCTAssertTrue(MainContext.spin(until: { window.isEllipsized(labelShowing: "StoreSearch") != nil }))
            MainContext.spin(until: { false }, timeout: .milliseconds(300))  // laid out
            XCTAssertEqual(window.isEllipsized(labelShowing: "StoreSearch"), false, "the whole name")
            XCTAssertFalse(main.gridViewButton.isMapped, "the view toggles make room")
            XCTAssertEqual(
                main.menuButton.menuItems.prefix(2).map(\.label), ["List View", "Grid View"], "the main menu has them")
            XCTAssertTrue(window.activateAction("win.view-mode", string: "grid"), "what the main menu's Grid View does")
            XCTAssertEqual(main.viewMode, "grid")

            harness.resize(width: 1024, height: 700)
            XCTAssertTrue(MainContext.spin(until: { !main.isFolded && main.gridViewButton.isMapped }), "wide: back")
        }
    }

    func testArrowKeysInAFoldedListStayOnTheResults() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, size: (360, 640))
            defer { harness.dispose() }
            let main = harness.main
            XCTAssertTrue(MainContext.spin(until: { main.isFolded }))
            harness.search("tarkan")
            main.results.focusFirst()
            harness.pressKeys("Down", "Down")
            XCTAssertTrue(MainContext.spin(until: { main.resultsList.selectedIndex == 2 }), "Down moves the selection")
            XCTAssertFalse(main.isShowingDetail, "moving with the keys does not leave the list")
            MainContext.spin(until: { false }, timeout: VisitTracker.dwell + .milliseconds(500))
            XCTAssertFalse(
                main.shownItems[2].isVisited, "a row arrowed to in a folded list is not opened, so not visited")
            harness.pressKeys("Return")
            XCTAssertTrue(MainContext.spin(until: { main.isShowingDetail }), "Enter opens the result")
            XCTAssertEqual(harness.form.ui.nameEntry.text, harness.names[2])
        }
    }

    func testWideWindowShowsBothPanes() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, size: (1400, 900))
            defer { harness.dispose() }
            let main = harness.main
            XCTAssertTrue(
                MainContext.spin(until: { main.window.allocatedWidth >= 1380 }), "\(main.window.allocatedWidth)")
            XCTAssertFalse(main.isFolded)
            XCTAssertTrue(main.isShowingDetail, "the detail pane is beside the results")
            XCTAssertFalse(main.backButton.isVisible, "nothing to go back to")
            harness.search("tarkan")
            harness.select("Kuzu Kuzu")
            XCTAssertEqual(harness.form.ui.nameEntry.text, "Kuzu Kuzu")
            XCTAssertTrue(main.resultsList.isMapped && harness.form.ui.nameEntry.isMapped, "both panes on screen")
            XCTAssertEqual(main.resultsList.selectedElement?.name, "Kuzu Kuzu", "the selection stays")
        }
    }

    func testNarrowingTheWindowWhileEditingStaysOnTheForm() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, size: (1400, 900))
            defer { harness.dispose() }
            let main = harness.main
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            harness.pressKeys("F2")
            XCTAssertTrue(MainContext.spin(until: { harness.form.ui.nameEntry.containsFocus }), "F2 renames")
            XCTAssertFalse(main.isFolded)

            harness.resize(width: 360, height: 640)
            XCTAssertTrue(MainContext.spin(until: { main.isFolded }), "360 px folds the window")
            XCTAssertTrue(main.isShowingDetail, "the form being edited stays on screen")
            XCTAssertTrue(harness.form.ui.nameEntry.containsFocus, "and keeps the keyboard")
        }
    }

    /// Issue #30: at a phone's width a movie's "Buy A$24.99 · Rent A$6.99" squeezed its name to
    /// "A…": the price wraps before the name is cut to nothing.
    func testAtAPhonesWidthTheNameKeepsRoomBesideALongPrice() throws {
        let store = try MovieStore.start()
        defer { store.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: store.baseURL!, size: (360, 640))
            defer { harness.dispose() }
            harness.search("movie")
            _ = MainContext.spin(until: { false }, timeout: .milliseconds(300))
            XCTAssertLessThanOrEqual(harness.main.window.allocatedWidth, 360)
            let row = harness.main.results.views.listViewport.cell(at: 0)
            let texts = row?.children.dropFirst().first
            guard let row, let name = texts?.children.first, let price = row.children.last,
                let nameBounds = name.bounds(in: row), let priceBounds = price.bounds(in: row)
            else {
                return XCTFail("no laid-out row")
            }
            XCTAssertEqual(harness.main.shownItems.first?.name, "Lost Tide")
            XCTAssertGreaterThanOrEqual(nameBounds.width, 100, "the name has room for a few words")
            XCTAssertLessThanOrEqual(
                priceBounds.x + priceBounds.width, Double(row.allocatedWidth), "the price is not clipped")
            XCTAssertEqual(
                price.mappedLabelTexts, ["Buy\u{00A0}A$24.99\u{00A0}· Rent\u{00A0}A$6.99"],
                "nor shortened: it breaks after the ·")
            XCTAssertLessThan(Double(price.allocatedHeight), 2.5 * nameBounds.height, "on at most two lines")

            harness.select("Lost Tide")
            XCTAssertTrue(MainContext.spin(until: { harness.main.isShowingDetail }))
            _ = MainContext.spin(until: { false }, timeout: .milliseconds(300))
            XCTAssertFalse(
                harness.main.ui.detailTitle.isEllipsized, "the header has room for the whole name beside its buttons")
        }
    }
}
