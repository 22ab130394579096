import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Using the window with the keyboard only, with real key presses.
final class WindowKeyboardTests: XCTestCase {
    /// Issue #45: the region drop-down took typing only once its field was clicked, and Enter on
    /// the one match picked nothing. Typing in the open popup filters it; Enter picks the match.
    func testTypingInTheRegionPopupFiltersItAndEnterPicksTheOneMatch() throws {
        try WindowHarness.withCatalogWindow { harness in
            let dropDown = harness.main.regionPicker.dropDown
            harness.click(dropDown)
            XCTAssertTrue(MainContext.spin(until: { dropDown.mappedLabelTexts.contains("Japan") }), "open")
            harness.typeKeys("japa")
            XCTAssertTrue(
                MainContext.spin(until: {
                    dropDown.mappedLabelTexts.contains("Japan") && !dropDown.mappedLabelTexts.contains("Germany")
                }),
                "typing filters: \(dropDown.mappedLabelTexts.prefix(6))")
            harness.pressKeys("Return")
            XCTAssertTrue(
                MainContext.spin(until: { harness.environment.storeRegion.country == "JP" }),
                "Enter picks Japan: \(dropDown.mappedLabelTexts.prefix(6))")
            XCTAssertTrue(MainContext.spin(until: { dropDown.mappedLabelTexts == ["JP"] }), "and closes the popup")
        }
    }

    func testDownTypeToSearchAndEscapeInTheSearchEntry() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            harness.search("tarkan")
            main.searchEntry.grabFocus()
            harness.pressKeys("Down")
            XCTAssertTrue(MainContext.spin(until: { main.resultsList.containsFocus }), "Down goes to the results")
            let first = main.shownItems[0]
            XCTAssertTrue(
                main.window.focusWidget?.hasAccessibleLabel(first.spokenLabel(price: "$1.29")) == true
                    || main.window.focusWidget?.parent?.widget == main.resultsList.widget,
                "the first row has focus")
            XCTAssertEqual(main.resultsList.selectedIndex, 0, "the focused row is the selected one")
            XCTAssertEqual(harness.form.ui.nameEntry.text, first.name, "and the detail shows it")
            XCTAssertFalse(main.shownItems[0].isVisited, "but it is not opened yet")

            harness.typeKeys("kuzu")
            XCTAssertTrue(
                MainContext.spin(until: { main.searchEntry.text == "kuzu" }),
                "typing in the results goes to the search entry: \(main.searchEntry.text)")
            XCTAssertTrue(main.searchEntry.containsFocus)

            harness.pressKeys("Escape")
            XCTAssertTrue(MainContext.spin(until: { main.searchEntry.text.isEmpty }), "Escape clears the entry")
        }
    }

    /// Issue #45: Enter on a result opens it with the focus on its page (its Keep star), not in
    /// its Name field with the name selected: typing then searches again, as on a row, and the
    /// item keeps its name (it was replaced and saved 3 s later). F2 goes to the Name field, its
    /// text selected, and typing there renames.
    func testEnterOpensAResultWithoutEditingItAndF2Renames() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main, form = harness.form
            harness.search("tarkan")
            main.searchEntry.grabFocus()
            harness.pressKeys("Down", "Return")
            XCTAssertTrue(MainContext.spin(until: { main.keepButton.hasFocus }), "Enter opens it, focused on its page")
            let opened = try XCTUnwrap(form.item)
            harness.typeKeys("dudu")
            XCTAssertTrue(
                MainContext.spin(until: { main.searchEntry.text == "dudu" }), "typed: \(main.searchEntry.text)")
            XCTAssertTrue(main.searchEntry.containsFocus)
            _ = MainContext.spin(until: { false }, timeout: .milliseconds(1500))  // a draft would be kept by now
            XCTAssertNil(
                harness.environment.items.keeper.store.records[opened.id]?.edits.name, "the name is not edited")

            harness.search("tarkan")
            harness.open(opened.name)
            XCTAssertTrue(MainContext.spin(until: { main.keepButton.hasFocus }))
            harness.pressKeys("F2")
            XCTAssertTrue(MainContext.spin(until: { form.ui.nameEntry.containsFocus }), "F2 goes to the Name field")
            harness.typeKeys("Renamed")
            harness.pressKeys("Return")
            XCTAssertTrue(
                MainContext.spin(until: {
                    harness.environment.items.keeper.store.records[opened.id]?.edits.name == "Renamed"
                }), "the name was selected, and typing replaced it: \(form.ui.nameEntry.text)")
        }
    }

    /// Tab leaves the results for the open item's detail, and Shift+Tab for the search field,
    /// instead of walking row by row through up to 200 results (GTK 4.8's lists).
    func testTabLeavesTheResultsForTheDetailAndShiftTabForTheSearchField() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            harness.search("tarkan")
            XCTAssertGreaterThan(main.shownItems.count, 3)
            main.searchEntry.grabFocus()
            harness.pressKeys("Down", "Down")
            XCTAssertTrue(
                MainContext.spin(until: { main.resultsList.containsFocus && main.resultsList.selectedIndex == 1 }))
            harness.pressKeys("Tab")
            XCTAssertTrue(
                MainContext.spin(until: { harness.form.ui.detailStack.containsFocus }), "Tab goes on to the detail")
            XCTAssertEqual(harness.form.item?.id, main.shownItems[1].id, "of the selected row")

            main.results.focus(at: 1)
            XCTAssertTrue(MainContext.spin(until: { main.resultsList.containsFocus }))
            harness.pressKeys("shift+Tab")
            XCTAssertTrue(
                MainContext.spin(until: { main.searchEntry.containsFocus }), "Shift+Tab goes back to the search field")
        }
    }

    /// Issue #21: after the focus was on a later row, Ctrl+F then Down puts the focus ring on the
    /// first row, the selected one (GtkListView keeps its own focus item otherwise).
    func testCtrlFThenDownFocusesTheFirstRowAfterAnotherHadFocus() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            harness.search("tarkan")
            main.searchEntry.grabFocus()
            harness.pressKeys("Down", "Down", "Down", "Down")
            XCTAssertTrue(MainContext.spin(until: { main.resultsList.selectedIndex == 3 }))
            XCTAssertEqual(main.window.focusWidget?.widget, main.resultsList.children[3].widget, "the ring is on row 3")
            harness.pressKeys("ctrl+f", "Down")
            XCTAssertTrue(
                MainContext.spin(until: { main.resultsList.selectedIndex == 0 && main.resultsList.containsFocus }))
            XCTAssertEqual(
                main.window.focusWidget?.widget, main.resultsList.children[0].widget, "the focus ring is on row 0")
        }
    }

    /// Ctrl+F selects the search field's whole text, so what is typed next replaces it (as in
    /// GNOME's apps): from elsewhere, and also when the field has the focus already (typing was
    /// added to the old term, "narrowtypedriver"); on My Items, its filter the same.
    func testCtrlFSelectsTheSearchFieldsTextSoTypingReplacesIt() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main, entry = main.searchEntry
            harness.search("tarkan")
            entry.grabFocus()
            entry.moveCursorToEnd()
            XCTAssertEqual(entry.selectedText, "")
            harness.pressKeys("ctrl+f")
            XCTAssertTrue(MainContext.spin(until: { entry.selectedText == "tarkan" }), "focused: all selected")
            harness.typeKeys("kuzu")
            XCTAssertTrue(MainContext.spin(until: { entry.text == "kuzu" }), "typing replaced it: \(entry.text)")

            main.results.focusFirst()
            XCTAssertTrue(MainContext.spin(until: { main.resultsList.containsFocus }))
            harness.pressKeys("ctrl+f")
            XCTAssertTrue(
                MainContext.spin(until: { entry.containsFocus && entry.selectedText == "kuzu" }), "from the rows too")

            harness.open(harness.names[0])  // one of My Items now
            harness.pressKeys("alt+2")
            let filter = main.myItems.page.filterEntry
            XCTAssertTrue(MainContext.spin(until: { main.myItems.isShowingMyItems }))
            filter.grabFocus()
            filter.text = "zz"
            XCTAssertEqual(filter.selectedText, "")
            harness.pressKeys("ctrl+f")
            XCTAssertTrue(MainContext.spin(until: { filter.selectedText == "zz" }), "My Items' filter the same")
        }
    }

    /// Issue #21: F6 moves between the results and the detail, as GNOME apps move between panes,
    /// instead of Tab through up to 200 rows.
    /// Issue #30: it lands on the detail's first control the accessibility bus reports (the
    /// Keep star; GTK 4.8 reports no focus inside the Name field's AdwEntryRow), and from the
    /// search field with nothing open it goes to the rows (it did nothing).
    func testF6MovesBetweenTheResultsAndTheDetail() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            harness.search("tarkan")
            main.searchEntry.grabFocus()
            harness.pressKeys("F6")
            XCTAssertTrue(
                MainContext.spin(until: { main.resultsList.containsFocus }), "nothing open: F6 goes to the rows")
            XCTAssertNil(main.resultsList.selectedIndex, "without opening one")
            main.searchEntry.grabFocus()
            harness.pressKeys("Down")
            XCTAssertTrue(MainContext.spin(until: { main.resultsList.containsFocus }))
            harness.pressKeys("Down", "Down")
            XCTAssertTrue(MainContext.spin(until: { main.resultsList.selectedIndex == 2 }))
            harness.pressKeys("F6")
            XCTAssertTrue(MainContext.spin(until: { main.keepButton.hasFocus }), "F6 reaches the detail")
            XCTAssertEqual(harness.form.ui.nameEntry.text, main.shownItems[2].name)
            harness.pressKeys("Tab")
            XCTAssertTrue(
                MainContext.spin(until: { harness.form.ui.detailStack.containsFocus }), "and Tab goes on into the form")
            harness.pressKeys("F6")
            XCTAssertTrue(MainContext.spin(until: { main.resultsList.containsFocus }), "and comes back to the results")
            XCTAssertEqual(main.resultsList.selectedIndex, 2, "on the same row")
        }
    }

    /// On My Items, Ctrl+F, F6 and Escape stay on that page (its filter, its rows, the detail),
    /// never on the search page hidden behind it, where the focus ring would vanish.
    func testTheKeysStayOnTheMyItemsPage() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")  // opened: one of My Items now
            harness.pressKeys("alt+2")
            let page = main.myItems.page
            XCTAssertTrue(MainContext.spin(until: { main.myItems.isShowingMyItems && page.count == 1 }))
            harness.pressKeys("ctrl+f")
            XCTAssertTrue(
                MainContext.spin(until: { page.filterEntry.containsFocus }), "Ctrl+F goes to My Items' filter")
            page.views.list.activate(0)
            XCTAssertTrue(MainContext.spin(until: { main.keepButton.hasFocus }), "Enter opens it, focused on its page")
            harness.pressKeys("F6")
            XCTAssertTrue(MainContext.spin(until: { page.views.list.containsFocus }), "F6 comes back to My Items' row")
            harness.pressKeys("F6")
            XCTAssertTrue(MainContext.spin(until: { main.keepButton.hasFocus }))
            harness.pressKeys("Escape")
            XCTAssertTrue(MainContext.spin(until: { page.views.list.containsFocus }), "so does Escape")
            harness.pressKeys("Delete")
            XCTAssertTrue(MainContext.spin(until: { page.count == 0 }), "Delete removes the item from My Items")
            XCTAssertEqual(main.bannerText, "“Kuzu Kuzu” removed from My Items")
            harness.pressKeys("ctrl+z")
            XCTAssertTrue(MainContext.spin(until: { page.count == 1 }), "Ctrl+Z brings it back")
        }
    }

    func testTabLeavesNotesAndEscapeReturnsToTheResults() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            harness.form.ui.notesView.grabFocus()
            harness.typeKeys("loud")
            harness.pressKeys("Tab")
            XCTAssertTrue(MainContext.spin(until: { !harness.form.ui.notesView.containsFocus }), "Tab leaves Notes")
            XCTAssertEqual(harness.form.ui.notesView.text, "loud", "no tab typed")
            XCTAssertEqual(main.resultsList.selectedElement?.notes, "loud", "leaving Notes commits them")

            harness.form.ui.artistEntry.grabFocus()
            harness.pressKeys("Escape")
            XCTAssertTrue(
                MainContext.spin(until: { main.resultsList.containsFocus }),
                "Escape in the form goes back to the results")
            XCTAssertEqual(main.resultsList.selectedElement?.name, "Kuzu Kuzu", "side by side, the selection stays")
        }
    }

    func testHideSelectsAndFocusesTheNextRow() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            harness.search("tarkan")
            let names = harness.names
            let index = names.firstIndex(of: "Kuzu Kuzu")!
            harness.select("Kuzu Kuzu")
            main.results.focusSelected()
            harness.pressKeys("Delete")
            XCTAssertTrue(MainContext.spin(until: { !harness.names.contains("Kuzu Kuzu") }), "Delete hides the row")
            XCTAssertEqual(main.resultsList.selectedElement?.name, names[index + 1], "the next row is selected")
            XCTAssertTrue(main.resultsList.containsFocus, "and has focus, so Delete can go on")
            XCTAssertEqual(main.bannerText, "“Kuzu Kuzu” hidden")
            harness.pressKeys("Delete")
            XCTAssertTrue(
                MainContext.spin(until: { !harness.names.contains(names[index + 1]) }), "a second Delete hides the next"
            )
        }
    }

    /// Issue #30: a held Down (about 40 rows at key-repeat speed) then Enter at once opens the
    /// row the focus is on, and the list stays where it is (it jumped to the top with nothing
    /// selected and the detail said "No Result Selected").
    func testEnterRightAfterFastDownsOpensTheFocusedRow() throws {
        try WindowHarness.withCatalogWindow(size: (1024, 700)) { harness in
            let main = harness.main
            harness.search("the")
            XCTAssertGreaterThan(main.shownItems.count, 60)
            main.searchEntry.grabFocus()
            // The first Down goes from the search field to row 0, the other 40 down the list.
            harness.pressKeys(Array(repeating: "Down", count: 41) + ["Return"], delay: 25)
            XCTAssertTrue(
                MainContext.spin(until: { main.keepButton.hasFocus }, timeout: .seconds(5)), "Enter opens the row")
            _ = MainContext.spin(until: { false }, timeout: .milliseconds(300))  // anything the keys left behind
            XCTAssertEqual(main.resultsList.selectedIndex, 40, "the focused row is selected")
            XCTAssertEqual(harness.form.item?.id, main.shownItems[40].id, "and open in the detail")
            XCTAssertTrue(main.keepButton.hasFocus)
            let scroller = main.results.views.listViewport
            XCTAssertTrue(
                scroller.visibleRows()?.contains(40) == true,
                "the list still shows row 40: \(String(describing: scroller.visibleRows()))")
        }
    }
}
