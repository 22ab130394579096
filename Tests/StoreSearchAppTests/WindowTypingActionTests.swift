import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #30: an action on the open item taken while typing in one of its fields (an accelerator
/// leaves the focus there, so focus-out never commits) keeps the typing, and Ctrl+Z takes back
/// the action and the typing as one step. Keys are real key presses.
final class WindowTypingActionTests: XCTestCase {
    func testCtrlDWhileTypingInNotesKeepsTheTextAndCtrlZTakesBothBack() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main, form = harness.form
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            let id = try XCTUnwrap(form.item?.id)
            form.ui.notesView.grabFocus()
            harness.typeKeys("abc")
            XCTAssertTrue(
                MainContext.spin(until: { form.ui.notesView.text == "abc" }), "typed: \(form.ui.notesView.text)")
            harness.pressKeys("ctrl+d")
            XCTAssertTrue(MainContext.spin(until: { main.keepButton.isActive }), "Ctrl+D keeps the item")
            XCTAssertEqual(form.ui.notesView.text, "abc", "the typing stays in Notes")
            XCTAssertTrue(form.ui.notesView.containsFocus, "and so does the focus")
            XCTAssertEqual(
                harness.environment.items.keeper.store.records[id]?.edits.notes, "abc", "the typing is committed")
            XCTAssertTrue(
                MainContext.spin(
                    until: { (try? harness.savedStore().records[id]?.edits.notes) == "abc" }, timeout: .seconds(10)),
                "and saved to items.plist")
            XCTAssertEqual(try harness.savedStore().records[id]?.keptAt != nil, true, "kept, in the same file")

            harness.pressKeys("ctrl+z")
            XCTAssertTrue(MainContext.spin(until: { !main.keepButton.isActive }), "Ctrl+Z takes back the keep")
            XCTAssertEqual(form.ui.notesView.text, "", "and the typing, as one step")
            XCTAssertNil(harness.environment.items.keeper.store.records[id]?.edits.notes)
            harness.pressKeys("ctrl+shift+z")
            XCTAssertTrue(MainContext.spin(until: { main.keepButton.isActive }), "Ctrl+Shift+Z does both again")
            XCTAssertEqual(form.ui.notesView.text, "abc")
        }
    }

    func testCtrlDWhileTypingInNameAndArtistKeepsTheText() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main, form = harness.form
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            let id = try XCTUnwrap(form.item?.id)
            harness.pressKeys("F2")
            XCTAssertTrue(MainContext.spin(until: { form.ui.nameEntry.containsFocus }), "F2 goes to its Name")
            harness.pressKeys("End")
            harness.typeKeys(" live")
            XCTAssertTrue(
                MainContext.spin(until: { form.ui.nameEntry.text == "Kuzu Kuzu live" }),
                "typed: \(form.ui.nameEntry.text)")
            harness.pressKeys("ctrl+d")
            XCTAssertTrue(MainContext.spin(until: { main.keepButton.isActive }), "Ctrl+D keeps the item")
            XCTAssertEqual(form.ui.nameEntry.text, "Kuzu Kuzu live", "the typing stays in Name")
            XCTAssertEqual(harness.environment.items.keeper.store.records[id]?.edits.name, "Kuzu Kuzu live")

            form.ui.artistEntry.grabFocus()
            harness.pressKeys("End")
            harness.typeKeys(" band")
            XCTAssertTrue(
                MainContext.spin(until: { form.ui.artistEntry.text.hasSuffix(" band") }),
                "typed: \(form.ui.artistEntry.text)")
            harness.pressKeys("ctrl+d")
            XCTAssertTrue(MainContext.spin(until: { !main.keepButton.isActive }), "Ctrl+D again: no longer kept")
            XCTAssertTrue(
                form.ui.artistEntry.text.hasSuffix(" band"), "the typing stays in Artist: \(form.ui.artistEntry.text)")
            XCTAssertEqual(harness.environment.items.keeper.store.records[id]?.edits.artist, form.ui.artistEntry.text)
            XCTAssertTrue(harness.close())
            let saved = try XCTUnwrap(harness.savedStore().records[id]?.edits)
            XCTAssertEqual(saved.name, "Kuzu Kuzu live")
            XCTAssertEqual(saved.artist.map { $0.hasSuffix(" band") }, true)
        }
    }

    /// Text in Price that is no price is not saved (its error says why), but Ctrl+D does not wipe it either.
    func testCtrlDWhileThePriceHoldsTextThatIsNoPriceLeavesItThere() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main, form = harness.form
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            form.ui.priceEntry.grabFocus()
            harness.pressKeys("End")
            harness.typeKeys("x")
            XCTAssertTrue(
                MainContext.spin(until: { form.ui.priceEntry.text.hasSuffix("x") }), "typed: \(form.ui.priceEntry.text)"
            )
            let typed = form.ui.priceEntry.text
            harness.pressKeys("ctrl+d")
            XCTAssertTrue(MainContext.spin(until: { main.keepButton.isActive }), "Ctrl+D keeps the item")
            XCTAssertEqual(form.ui.priceEntry.text, typed, "the typing stays")
            XCTAssertTrue(form.ui.priceError.isVisible, "with the reason it is not saved")
            XCTAssertNil(harness.environment.items.keeper.store.records[form.item!.id]?.edits.price)
        }
    }

    /// The item's other actions (the Hide button, a menu item, Delete) reach it the same way when
    /// the focus is still in a field: what is typed is committed first, one step with the action.
    func testHideAndMarkUnvisitedWhileTypingCommitTheTypingAsOneStep() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main, form = harness.form
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            let id = try XCTUnwrap(form.item?.id)
            form.ui.notesView.grabFocus()
            harness.typeKeys("seen live")
            XCTAssertTrue(MainContext.spin(until: { form.ui.notesView.text == "seen live" }))
            XCTAssertTrue(main.window.activateAction(WindowAction.markUnvisited.detailedName))
            let store = { harness.environment.items.keeper.store }
            XCTAssertNil(store().records[id]?.visitedAt, "no longer visited")
            XCTAssertEqual(store().records[id]?.edits.notes, "seen live", "the typing is committed")
            XCTAssertEqual(form.ui.notesView.text, "seen live")

            XCTAssertTrue(form.ui.notesView.containsFocus, "the focus stays in Notes")
            harness.pressKeys("ctrl+End")
            harness.typeKeys(", twice")
            XCTAssertTrue(MainContext.spin(until: { form.ui.notesView.text == "seen live, twice" }))
            XCTAssertTrue(main.window.activateAction(WindowAction.hideItem.detailedName))
            XCTAssertTrue(store().isHidden(id))
            XCTAssertEqual(store().records[id]?.edits.notes, "seen live, twice", "the hidden item has its notes")
            XCTAssertFalse(harness.names.contains("Kuzu Kuzu"))

            harness.main.clickBannerButton()  // the notice's Undo
            XCTAssertFalse(store().isHidden(id), "Undo shows it again")
            XCTAssertEqual(
                store().records[id]?.edits.notes, "seen live", "and takes back the typing that went with the hide")
            XCTAssertTrue(main.window.activateAction(WindowAction.undo.detailedName))
            XCTAssertNotNil(store().records[id]?.visitedAt, "the next undo takes back Mark as Unvisited")
            XCTAssertNil(store().records[id]?.edits.notes, "with its typing")
        }
    }

    /// A click on the form's Revert, Hide, or the header's star while typing: the button does not
    /// take the focus from the field (it would commit the typing as a step of its own), so one
    /// undo takes back the action and the typing together. Real pointer clicks and keys.
    func testClickingAnActionWhileTypingIsOneStepWithTheTyping() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main, form = harness.form
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            let id = try XCTUnwrap(form.item?.id)
            let store = { harness.environment.items.keeper.store }
            form.ui.artistEntry.grabFocus()
            harness.pressKeys("End")  // focus selected all
            harness.typeKeys(" Z")
            XCTAssertTrue(
                MainContext.spin(until: { form.ui.artistEntry.text == "Tarkan Z" }),
                "typed: \(form.ui.artistEntry.text)")
            harness.click(main.keepButton)
            XCTAssertTrue(MainContext.spin(until: { store().isKept(id) }), "the star keeps the item")
            XCTAssertEqual(store().records[id]?.edits.artist, "Tarkan Z", "with the typing")
            XCTAssertTrue(form.ui.artistEntry.containsFocus, "the focus stays in the field")
            harness.pressKeys("ctrl+z")
            XCTAssertTrue(MainContext.spin(until: { !store().isKept(id) }), "Ctrl+Z takes back the keep")
            XCTAssertNil(store().records[id]?.edits.artist, "and the typing, in one step")

            harness.typeKeys(" Y")
            XCTAssertTrue(
                MainContext.spin(until: { form.ui.artistEntry.text == "Tarkan Y" }),
                "typed: \(form.ui.artistEntry.text)")
            harness.click(form.ui.hideButton)
            XCTAssertTrue(MainContext.spin(until: { store().isHidden(id) }), "Hide hides it")
            harness.main.clickBannerButton()  // the notice's Undo
            XCTAssertFalse(store().isHidden(id))
            XCTAssertNil(store().records[id]?.edits.artist, "the notice's Undo takes back the typing too")
        }
    }
}
