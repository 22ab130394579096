import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Typing left in a field (no Enter, the focus still there) reaches the item file a moment after
/// the user pauses, so `kill -9` loses at most the last seconds of it; it becomes an undo step
/// only when committed, and a draft the user typed away again leaves nothing behind. Real keys.
final class WindowDraftTests: XCTestCase {
    /// The offline catalog's "Kuzu Kuzu" open in the form; `saved` reads its edits from items.plist.
    private func withKuzuKuzuOpen(
        _ body: @MainActor (WindowHarness, _ id: String, _ saved: () -> ItemEdits?) throws -> Void
    ) throws {
        try WindowHarness.withCatalogWindow { harness in
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            let id = try XCTUnwrap(harness.form.item?.id)
            try body(harness, id) { (try? harness.savedStore().records[id]?.edits) ?? nil }
        }
    }

    func testTypingLeftInAFieldIsSavedAndCommittingItIsOneUndoStep() throws {
        try withKuzuKuzuOpen { harness, id, saved in
            let form = harness.form
            form.ui.notesView.grabFocus()
            harness.typeKeys("kept through a crash")
            XCTAssertTrue(
                MainContext.spin(until: { saved()?.notes == "kept through a crash" }, timeout: .seconds(10)),
                "the typing is in items.plist while the focus is still in Notes")
            XCTAssertTrue(form.ui.notesView.containsFocus)
            XCTAssertEqual(form.ui.notesView.text, "kept through a crash", "the field is left as it is")

            let changes = harness.environment.items.changeCount
            form.ui.nameEntry.grabFocus()  // out of Notes: the typing is committed
            XCTAssertFalse(form.ui.notesView.containsFocus)
            XCTAssertEqual(
                harness.environment.items.changeCount, changes + 1,
                "the store changes once: the draft is not taken back before the commit")
            XCTAssertEqual(harness.environment.items.keeper.store.records[id]?.edits.notes, "kept through a crash")
            XCTAssertTrue(harness.main.window.activateAction(WindowAction.undo.detailedName))
            XCTAssertNil(
                harness.environment.items.keeper.store.records[id]?.edits.notes, "one undo takes back the whole typing")
            XCTAssertEqual(form.ui.notesView.text, "")
            XCTAssertTrue(MainContext.spin(until: { saved()?.notes == nil }, timeout: .seconds(10)))
        }
    }

    /// Typed away again, a draft leaves the record as it was: its date changed, and a name of
    /// another tool's that this app could not read (a number), which the draft's name replaced.
    func testADraftTypedAwayAgainLeavesNothingBehind() throws {
        try withKuzuKuzuOpen { harness, id, saved in
            let form = harness.form, keeper = harness.environment.items.keeper
            var record = try XCTUnwrap(keeper.store.records[id], "opened: visited")
            record.otherEditsFields["name"] = .integer(7)
            keeper.update(ids: [id]) { [record] in $0.restore(record) }
            form.ui.nameEntry.grabFocus()
            harness.pressKeys("End")
            harness.typeKeys(" draft")
            XCTAssertTrue(MainContext.spin(until: { saved()?.name == "Kuzu Kuzu draft" }, timeout: .seconds(10)))
            harness.pressKeys(Array(repeating: "BackSpace", count: 6), delay: 40)
            XCTAssertTrue(
                MainContext.spin(until: { form.ui.nameEntry.text == "Kuzu Kuzu" }),
                "typed away: \(form.ui.nameEntry.text)")
            harness.pressKeys("Return")
            XCTAssertTrue(
                MainContext.spin(until: { harness.environment.items.keeper.store.records[id]?.edits.name == nil }),
                "the name is the store's again")
            XCTAssertTrue(MainContext.spin(until: { saved()?.name == nil }, timeout: .seconds(10)), "in the file too")
            XCTAssertEqual(keeper.store.records[id], record, "the record is as it was")
            XCTAssertTrue(harness.main.window.activateAction(WindowAction.undo.detailedName))
            XCTAssertNil(
                harness.environment.items.keeper.store.records[id]?.edits.name, "and there was no step to undo")
        }
    }

    /// The open item changed elsewhere (My Items, the price watch, a visit) while its Name was
    /// being typed in: the form follows the item and leaves the field and its typing alone.
    func testAChangeToTheOpenItemFromElsewhereLeavesTheFieldBeingTypedIn() throws {
        try WindowHarness.withCatalogWindow { harness in
            let form = harness.form
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            let item = try XCTUnwrap(form.item)
            form.ui.nameEntry.grabFocus()
            harness.pressKeys("End")
            harness.typeKeys(" x")
            XCTAssertTrue(
                MainContext.spin(until: { form.ui.nameEntry.text == "Kuzu Kuzu x" }), "typed: \(form.ui.nameEntry.text)"
            )
            harness.main.items.record(ItemChange(result: item.result, kind: .kept(true)))
            XCTAssertEqual(form.ui.nameEntry.text, "Kuzu Kuzu x", "the typing stays")
            XCTAssertTrue(form.ui.nameEntry.containsFocus)
            harness.pressKeys("Return")
            XCTAssertTrue(
                MainContext.spin(until: {
                    harness.environment.items.keeper.store.records[item.id]?.edits.name == "Kuzu Kuzu x"
                }))
            XCTAssertTrue(harness.environment.items.keeper.store.isKept(item.id))
        }
    }

    /// Typing in the open item's Name, then a click on the next row: the typing is committed as
    /// the focus leaves, and the row redrawn with it in place must not move the list (GTK 4.8
    /// took the changed row out and put it back, and the list moved up a row under the pointer).
    /// Real keys and real clicks.
    func testAClickOnTheNextRowWhileTypingLeavesTheListWhereItWas() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main, form = harness.form
            harness.search("tarkan")
            let names = main.shownItems.map(\.name)
            XCTAssertEqual(names[4...5], ["Lost Mirror", "Lost Harbor"])
            let scroller = main.results.ui.listScroller
            harness.click(
                try XCTUnwrap(main.resultsList.descendant(accessibleLabel: "Lost Mirror, Tarkan Novak, Song, $0.69")))
            XCTAssertTrue(
                MainContext.spin(until: { form.item?.name == names[4] }), "opened: \(form.item?.name ?? "none")")
            form.ui.nameEntry.grabFocus()
            harness.pressKeys("End")
            harness.typeKeys(" x")
            XCTAssertTrue(
                MainContext.spin(until: { form.ui.nameEntry.text == names[4] + " x" }),
                "typed: \(form.ui.nameEntry.text)")
            let offset = scroller.verticalOffset
            harness.click(
                try XCTUnwrap(main.resultsList.descendant(accessibleLabel: "Lost Harbor, Tarkan Byrne, Song, $0.69")))
            XCTAssertTrue(
                MainContext.spin(until: { form.item?.name == names[5] }), "opened: \(form.item?.name ?? "none")")
            MainContext.spin(until: { false }, timeout: .milliseconds(300))  // the list settles
            XCTAssertEqual(main.shownItems[4].name, names[4] + " x", "the row shows the committed name")
            XCTAssertEqual(scroller.verticalOffset, offset, "the list stays where it was")
        }
    }

    /// Typing in Notes, then a click on a notice's Undo: the notice's step is undone and the
    /// typing stays in the field, still being typed (were the focus to move to the button, the
    /// typing would be committed as a newer step and Undo would do nothing). Real keys and a real click.
    func testANoticesUndoClickedWhileTypingUndoesItsStepAndLeavesTheTyping() throws {
        try withKuzuKuzuOpen { harness, id, _ in
            let form = harness.form, window = harness.main.window
            XCTAssertTrue(window.activateAction("win.keep"))  // Ctrl+D: kept
            XCTAssertTrue(window.activateAction("win.keep"))  // and no longer
            XCTAssertEqual(harness.main.bannerText, "“Kuzu Kuzu” is no longer kept in My Items")
            form.ui.notesView.grabFocus()
            harness.typeKeys("to buy")
            XCTAssertTrue(MainContext.spin(until: { form.ui.notesView.text == "to buy" }), form.ui.notesView.text)
            MainContext.spin(until: { false }, timeout: .milliseconds(500))  // the toast has slid in
            harness.click(try XCTUnwrap(window.descendant(accessibleLabel: "Undo")))
            XCTAssertTrue(
                MainContext.spin(until: { harness.environment.items.keeper.store.isKept(id) }),
                "the notice's step is undone")
            XCTAssertTrue(form.ui.notesView.containsFocus, "the focus stays in Notes")
            XCTAssertEqual(form.ui.notesView.text, "to buy", "with the typing")
        }
    }
}
