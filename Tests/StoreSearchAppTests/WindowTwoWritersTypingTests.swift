import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Another program writes items.plist while the user types or after the window saved (issues
/// found by a tester): a note it wrote into the field being typed in is offered (Use Theirs),
/// never typed over unseen; and a copy that changes nothing (a sync tool renaming the same
/// values over the file) is no change. The second writer is Python's plistlib.
final class WindowTwoWritersTypingTests: XCTestCase {
    private static let kuzuKuzu = WindowTwoWritersTests.kuzuKuzu, steady = WindowTwoWritersTests.steady

    /// The user typed in Notes (real keys), the typing drafted and saved, and then a sync tool
    /// wrote other notes for that item: theirs are offered, the typing stays and is committed.
    func testANoteWrittenElsewhereIntoTheFieldBeingTypedInIsOffered() throws {
        try WindowTwoWritersTests.withWindow { harness, paths in
            let keeper = harness.environment.items.keeper, main = harness.main, form = harness.form
            @MainActor func notes(_ id: String) -> String? { keeper.store.records[id]?.edits.notes }
            @MainActor func open(_ id: String) {
                main.showFromOverview(keeper.store.records[id]!.snapshot!, isMine: true)
                XCTAssertTrue(MainContext.spin(until: { form.item?.id == id }))
                form.ui.notesView.grabFocus()
            }
            open(Self.kuzuKuzu)
            harness.typeKeys("typed here")
            XCTAssertTrue(
                MainContext.spin(
                    until: { notes(Self.kuzuKuzu) == "typed here" && !keeper.hasUnsavedChanges },
                    timeout: .seconds(10)), "the typing is drafted and saved")
            try WindowTwoWritersTests.write(harness.itemsFile, "rename", notes: [Self.kuzuKuzu: "theirs"])
            XCTAssertTrue(
                MainContext.spin(until: { main.notices.text?.contains("also changed in another copy") == true }),
                "\(main.notices.text ?? "no notice")")
            XCTAssertEqual(main.notices.text, "“Kuzu Kuzu”: the notes also changed in another copy.")
            XCTAssertEqual(notes(Self.kuzuKuzu), "typed here", "the user's typing stays")
            XCTAssertEqual(form.ui.notesView.text, "typed here")
            XCTAssertTrue(form.ui.notesView.containsFocus)

            form.ui.nameEntry.grabFocus()  // the typing is committed; theirs is still offered
            XCTAssertEqual(notes(Self.kuzuKuzu), "typed here")
            main.notices.clickButton()  // Use Theirs
            XCTAssertEqual(notes(Self.kuzuKuzu), "theirs")
            XCTAssertEqual(form.ui.notesView.text, "theirs")

            // Typed and written elsewhere within the draft's pause: the typing is drafted for the merge.
            open(Self.steady)
            harness.typeKeys("quick")
            XCTAssertTrue(MainContext.spin(until: { form.ui.notesView.text == "quick" }))
            try WindowTwoWritersTests.write(harness.itemsFile, "rename", notes: [Self.steady: "theirs too"])
            XCTAssertTrue(
                MainContext.spin(until: { main.notices.text?.contains("also changed in another copy") == true }),
                "\(main.notices.text ?? "no notice")")
            XCTAssertEqual(notes(Self.steady), "quick")
            XCTAssertTrue(MainContext.spin(until: { !keeper.hasUnsavedChanges }))
            XCTAssertEqual(try ItemStoreFile(paths: paths).load().store.records[Self.steady]?.edits.notes, "quick")
        }
    }

    /// The window saved a change made now (a date in the middle of a second); a sync tool then
    /// renamed a copy with the same values over the file: nothing changed, nothing is said.
    func testACopyWithTheSameValuesChangesNothing() throws {
        try WindowTwoWritersTests.withWindow { harness, _ in
            let keeper = harness.environment.items.keeper, main = harness.main
            var merged: [Set<String>] = []
            keeper.changedElsewhere.subscribe { change in
                if case .merged(let ids, _, _) = change { merged.append(ids) }
            }
            let record = try XCTUnwrap(keeper.store.records[Self.steady])
            main.items.record(ItemChange(result: record.snapshot!, kind: .hidden(true)))
            XCTAssertTrue(MainContext.spin(until: { !keeper.hasUnsavedChanges }, timeout: .seconds(10)))
            try WindowTwoWritersTests.write(harness.itemsFile, "rename")  // the same values
            try WindowTwoWritersTests.write(harness.itemsFile, "rename", notes: ["track:777": "added"])
            XCTAssertTrue(MainContext.spin(until: { keeper.store.records["track:777"] != nil }))
            XCTAssertEqual(merged.filter { !$0.isEmpty }, [["track:777"]], "only the added record changed")
            XCTAssertEqual(main.notices.text, "1 item changed in another copy")
        }
    }
}
