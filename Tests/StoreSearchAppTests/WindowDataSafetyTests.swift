import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Nothing the user typed is lost when the window or the session ends, and a second process
/// never overwrites the first one's items.
final class WindowDataSafetyTests: XCTestCase {
    func testTextTypedButNotCommittedIsSavedWhenTheWindowCloses() throws {
        try WindowHarness.withCatalogWindow { harness in
            harness.search("tarkan")
            harness.select("Kuzu Kuzu")
            let id = try XCTUnwrap(harness.main.resultsList.selectedElement?.id)
            XCTAssertTrue(harness.form.ui.notesView.grabFocus())
            harness.form.ui.notesView.text = "Typed, then closed"  // no focus change, no Enter
            harness.form.ui.nameEntry.text = "Kuzu Kuzu (Live)"

            XCTAssertTrue(harness.close())
            let edits = try XCTUnwrap(harness.savedStore().records[id]?.edits)
            XCTAssertEqual(edits.notes, "Typed, then closed")
            XCTAssertEqual(edits.name, "Kuzu Kuzu (Live)")
        }
    }

    /// SIGTERM (logout, `kill`) half a second after typing, long before the autosave: the real
    /// application commits the field, saves and exits 0.
    func testTerminationSignalSavesTypedTextAndEndsTheApp() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        let paths = WindowHarness.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory.deletingLastPathComponent()) }
        var options = LaunchOptions()
        options.apiBase = base
        options.searchTerm = "tarkan"
        let typedID: String? = MainActor.assumeIsolated {
            var typedID: String?
            let status = StoreSearchApp.run(
                options, paths: paths, applicationID: "io.github.storesearch.StoreSearch.SignalTest"
            ) { main in
                guard MainContext.spin(until: { main.visiblePage == .results }, timeout: .seconds(15)) else {
                    XCTFail("no results")
                    return main.window.close()
                }
                main.resultsList.selectedIndex = 0
                typedID = main.shownItems[0].id
                main.detail.ui.notesView.text = "Typed just before logout"
                MainContext.after(.milliseconds(500)) { kill(getpid(), SIGTERM) }
            }
            XCTAssertEqual(status, 0)
            return typedID
        }
        let id = try XCTUnwrap(typedID)
        XCTAssertEqual(
            try ItemStoreFile(paths: paths).load().store.records[id]?.edits.notes, "Typed just before logout")
    }

    /// Where there is no session bus, two processes can run; the one that finds the data folder
    /// locked says so and never writes.
    func testSecondWindowOnLockedDataIsReadOnlyAndLeavesTheFileAlone() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        let paths = WindowHarness.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory.deletingLastPathComponent()) }
        let otherProcess = DataFolderLock(directory: paths.dataDirectory)
        XCTAssertEqual(otherProcess.acquire(), .acquired)
        defer { otherProcess.release() }
        var theirs = ItemStore()
        theirs.setEdits(
            ItemEdits(notes: "the first window's note"), for: SearchResult(id: "1", name: "Theirs", kind: .song))
        try ItemStoreFile(paths: paths).save(theirs)
        let before = try Data(contentsOf: paths.dataDirectory.appending(path: "items.plist"))

        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, paths: paths)
            defer { harness.dispose() }
            XCTAssertTrue(
                harness.main.bannerText?.contains("read-only") == true, harness.main.bannerText ?? "no notice")
            harness.search("tarkan")
            harness.select("Kuzu Kuzu")
            XCTAssertFalse(harness.form.ui.nameEntry.isEditable)
            harness.form.ui.nameEntry.text = "Should not land"
            harness.form.ui.hideButton.click()
            XCTAssertTrue(harness.close())
        }
        XCTAssertEqual(
            try Data(contentsOf: paths.dataDirectory.appending(path: "items.plist")), before,
            "the first process's file is untouched")
    }

    /// Issue #21: a price that is not a number was dropped at close without a word. The close
    /// waits on a question, the text stays in the form; at the session's end it is discarded.
    func testAnInvalidPriceHoldsTheCloseWithAQuestionAndIsDiscardedAtExit() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            let storedPrice = harness.form.ui.priceEntry.text
            harness.form.ui.priceEntry.text = "twelve"
            main.window.close()
            let dialog = try XCTUnwrap(main.invalidPriceDialog, "closing asks about the price")
            XCTAssertEqual(dialog.detail, "The price “twelve” is not a number: keep editing or discard it.")
            XCTAssertTrue(main.window.isVisible, "the window stays")
            dialog.respond(1)  // Keep Editing
            XCTAssertTrue(MainContext.spin(until: { harness.form.ui.priceEntry.containsFocus }))
            XCTAssertEqual(harness.form.ui.priceEntry.text, "twelve", "the typing is still there")

            main.saveBeforeExit()  // SIGTERM or logout: nobody to ask
            XCTAssertEqual(try harness.savedStore().records.values.compactMap(\.edits.price), [], "no price was saved")
            XCTAssertEqual(storedPrice, "1.29")

            main.window.close()
            try XCTUnwrap(main.invalidPriceDialog).respond(2)  // Discard
            XCTAssertTrue(MainContext.spin(until: { !main.window.isVisible }), "discarding closes")
        }
    }

    /// Opening another item with a price that is not a number in the field cannot keep that
    /// text, but says so instead of dropping it without a word.
    func testAnInvalidPriceLeftBehindBySwitchingItemsIsSaid() throws {
        try WindowHarness.withCatalogWindow { harness in
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            harness.form.ui.priceEntry.text = "abc"
            harness.open("Şımarık")
            XCTAssertEqual(
                harness.main.bannerText, "The price “abc” typed for “Kuzu Kuzu” is not a number and was not saved.")
            XCTAssertEqual(try harness.savedStore().records.values.compactMap(\.edits.price), [])
        }
    }
}
