import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

final class WindowFormTests: XCTestCase {
    func testSelectingARowFillsTheFormAndMarksItVisited() throws {
        try WindowHarness.withCatalogWindow { harness in
            harness.search("tarkan")
            XCTAssertEqual(
                harness.form.ui.detailStack.visible(DetailForm.Page.self), DetailForm.Page.none, "no result is open yet"
            )
            harness.open("Kuzu Kuzu")
            let form = harness.form
            XCTAssertEqual(form.ui.detailStack.visible(DetailForm.Page.self), .detail)
            XCTAssertEqual(form.ui.nameEntry.text, "Kuzu Kuzu")
            XCTAssertEqual(form.ui.artistEntry.text, "Tarkan")
            XCTAssertEqual(form.ui.priceEntry.text, "1.29")
            XCTAssertEqual(form.ui.dateLabel.text, "Jul 11, 2001")
            XCTAssertEqual(form.ui.kindValue.text, "Song")
            XCTAssertEqual(form.ui.genreValue.text, "Pop")
            XCTAssertEqual(form.ui.notesView.text, "")
            XCTAssertFalse(form.ui.revertButton.isSensitive, "nothing to revert yet")
            XCTAssertTrue(
                MainContext.spin(until: { form.ui.detailArtwork.texture != nil }), "the large artwork arrives")

            let item = try XCTUnwrap(harness.main.shownItems.first { $0.name == "Kuzu Kuzu" })
            XCTAssertTrue(item.isVisited, "opening a result marks it visited")
            XCTAssertTrue(harness.main.shownItems.filter { $0.name != "Kuzu Kuzu" }.allSatisfy { !$0.isVisited })
            XCTAssertEqual(
                try harness.savedStore().item(for: item.result).isVisited, false, "not saved before the delay")
            XCTAssertTrue(
                MainContext.spin(
                    until: { (try? harness.savedStore().item(for: item.result).isVisited) == true },
                    timeout: .seconds(5)), "saved a couple of seconds after the change")
            XCTAssertEqual(
                try harness.savedStore().item(for: item.result).edits, ItemEdits(), "opening a result is not an edit")
        }
    }

    func testEditsShowInTheRowAndSurviveCloseAndRelaunch() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        let paths = WindowHarness.temporaryPaths()
        let newDate = try Date("2003-03-14T00:00:00Z", strategy: .iso8601)
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, paths: paths)
            defer { harness.dispose() }
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            let form = harness.form
            harness.type("Kuzu Kuzu (Remix)", into: form.ui.nameEntry)
            harness.type("Tarkan & Friends", into: form.ui.artistEntry)
            harness.type("0.99", into: form.ui.priceEntry)
            form.ui.calendar.date = newDate  // picking a day in the Change Date popover
            form.ui.notesView.grabFocus()
            form.ui.notesView.text = "Summer 2001.\nPlay loud."
            form.ui.nameEntry.grabFocus()  // focus leaves the notes: they commit

            XCTAssertNotNil(
                harness.main.resultsList.descendant(
                    accessibleLabel: "Kuzu Kuzu (Remix), Tarkan & Friends, Song, $0.99"),
                "the row shows the edits at once")
            XCTAssertEqual(form.ui.dateLabel.text, "Mar 14, 2003")
            XCTAssertTrue(form.ui.revertButton.isSensitive)
            XCTAssertEqual(
                harness.main.resultsList.selectedElement?.name, "Kuzu Kuzu (Remix)", "the row stays selected")
            XCTAssertEqual(harness.main.resultsList.selectedElement?.notes, "Summer 2001.\nPlay loud.")

            XCTAssertTrue(harness.close(), "the window closes")
            let saved = try harness.savedStore()
            let result = try XCTUnwrap(
                harness.main.shownItems.first { $0.id == harness.main.resultsList.selectedElement?.id }?.result)
            let edits = saved.item(for: result).edits
            XCTAssertEqual(edits.name, "Kuzu Kuzu (Remix)")
            XCTAssertEqual(edits.artist, "Tarkan & Friends")
            XCTAssertEqual(edits.price, Decimal(string: "0.99"))
            XCTAssertEqual(edits.releaseDate, newDate)
            XCTAssertEqual(edits.notes, "Summer 2001.\nPlay loud.")
        }
        try MainActor.assumeIsolated {
            let relaunched = WindowHarness(apiBase: base, paths: paths)
            defer { relaunched.dispose() }
            relaunched.search("tarkan")
            let item = try XCTUnwrap(relaunched.main.shownItems.first { $0.name == "Kuzu Kuzu (Remix)" })
            XCTAssertTrue(item.isVisited)
            relaunched.select("Kuzu Kuzu (Remix)")
            XCTAssertEqual(relaunched.form.ui.artistEntry.text, "Tarkan & Friends")
            XCTAssertEqual(relaunched.form.ui.priceEntry.text, "0.99")
            XCTAssertEqual(relaunched.form.ui.dateLabel.text, "Mar 14, 2003")
            XCTAssertEqual(relaunched.form.ui.notesView.text, "Summer 2001.\nPlay loud.")

            relaunched.form.ui.revertButton.click()
            XCTAssertEqual(
                relaunched.form.ui.nameEntry.text, "Kuzu Kuzu", "Revert Changes brings back the store's values")
            XCTAssertNotNil(relaunched.main.resultsList.descendant(accessibleLabel: "Kuzu Kuzu, Tarkan, Song, $1.29"))
        }
    }

    func testInvalidPriceIsRefusedWithItsMessage() throws {
        try WindowHarness.withCatalogWindow { harness in
            harness.search("tarkan")
            harness.select("Kuzu Kuzu")
            let form = harness.form
            harness.type("cheap", into: form.ui.priceEntry)
            XCTAssertTrue(form.ui.priceError.isVisible)
            XCTAssertEqual(form.ui.priceError.text, "Not a price. Enter a number such as 1.29.")
            XCTAssertTrue(form.ui.priceEntry.hasCSSClass("error"))
            XCTAssertTrue(form.ui.priceEntry.hasAccessibleDescription("Not a price. Enter a number such as 1.29."))
            XCTAssertEqual(harness.main.resultsList.selectedElement?.price, Decimal(string: "1.29"), "nothing saved")
            XCTAssertEqual(harness.main.resultsList.selectedElement?.edits.price, nil)
            XCTAssertTrue(form.ui.revertButton.isSensitive, "Revert takes typing that is not a price back too")
            form.ui.revertButton.click()
            XCTAssertEqual(form.ui.priceEntry.text, "1.29")
            XCTAssertFalse(form.ui.priceError.isVisible)
            XCTAssertFalse(form.ui.revertButton.isSensitive, "nothing left to revert")

            harness.type("$1.99", into: form.ui.priceEntry)
            harness.type("cheap", into: form.ui.priceEntry)
            form.ui.revertButton.click()
            XCTAssertEqual(form.ui.priceEntry.text, "1.29", "with an edit saved, Revert goes back to the store's price")
            XCTAssertEqual(harness.main.resultsList.selectedElement?.edits.price, nil)

            harness.type("cheap", into: form.ui.priceEntry)
            form.ui.priceEntry.text = "1.29"  // as Ctrl+Z taking the typing back does
            XCTAssertFalse(form.ui.priceError.isVisible, "back to the saved price, nothing is wrong")

            harness.type("-3", into: form.ui.priceEntry)
            XCTAssertEqual(form.ui.priceError.text, "A price cannot be negative.")

            harness.type("$2.49", into: form.ui.priceEntry)
            XCTAssertFalse(form.ui.priceError.isVisible)
            XCTAssertFalse(form.ui.priceEntry.hasCSSClass("error"))
            XCTAssertEqual(harness.main.resultsList.selectedElement?.price, Decimal(string: "2.49"))
        }
    }
}
