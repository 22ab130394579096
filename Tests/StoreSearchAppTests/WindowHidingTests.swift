import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

final class WindowHidingTests: XCTestCase {
    func testHideThenUndo() throws {
        try WindowHarness.withCatalogWindow { harness in
            harness.search("tarkan")
            let before = harness.names
            harness.select("Kuzu Kuzu")
            harness.form.ui.hideButton.click()
            XCTAssertFalse(harness.names.contains("Kuzu Kuzu"))
            XCTAssertEqual(harness.main.countText, "\(before.count - 1) results")
            XCTAssertEqual(harness.main.bannerText, "“Kuzu Kuzu” hidden")
            // Issue #30: the toast's button is named once, by its text (the bus said "Undo Undo").
            XCTAssertNotNil(harness.main.window.descendant(accessibleLabel: "Undo"), "the toast's button is named Undo")
            let next = before[before.firstIndex(of: "Kuzu Kuzu")! + 1]
            XCTAssertEqual(harness.main.resultsList.selectedElement?.name, next, "the next row takes its place")
            XCTAssertEqual(harness.form.ui.nameEntry.text, next)

            harness.main.clickBannerButton()  // Undo
            XCTAssertEqual(harness.names, before, "the row is back where it was")
            XCTAssertNil(harness.main.bannerText)
            XCTAssertEqual(harness.main.resultsList.selectedElement?.name, "Kuzu Kuzu")
            XCTAssertTrue(harness.environment.items.keeper.store.records.values.allSatisfy { $0.hiddenAt == nil })
        }
    }

    func testHiddenItemStaysHiddenAfterRelaunchUntilRestored() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        let paths = WindowHarness.temporaryPaths()
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, paths: paths)
            defer { harness.dispose() }
            harness.search("tarkan")
            harness.select("Şımarık")
            // Delete on the selected row hides it, as the Hide Item button does.
            XCTAssertTrue(harness.main.resultsList.pressKey(Keys.delete))
            XCTAssertFalse(harness.names.contains("Şımarık"))
            harness.search("kuzu")
            XCTAssertFalse(harness.names.isEmpty)
            harness.search("şımarık")
            XCTAssertEqual(harness.main.visiblePage, .empty, "hidden items never appear in later searches")
            XCTAssertTrue(harness.close())
        }
        MainActor.assumeIsolated {
            let relaunched = WindowHarness(apiBase: base, paths: paths)
            defer { relaunched.dispose() }
            relaunched.search("tarkan")
            XCTAssertFalse(relaunched.names.contains("Şımarık"), "still hidden after a relaunch")

            XCTAssertTrue(relaunched.main.window.activateAction("win.hidden-items"))
            let page = relaunched.main.myItems.page
            XCTAssertTrue(relaunched.main.myItems.isShowingMyItems, "Hidden Items is My Items, filtered")
            XCTAssertEqual(page.filter, .hidden)
            XCTAssertEqual(page.shown.map(\.item.name), ["Şımarık"])
            page.select(0)
            XCTAssertEqual(relaunched.form.item?.name, "Şımarık")
            XCTAssertFalse(relaunched.form.ui.hideButton.isSensitive, "a hidden item offers Restore, not Hide")
            XCTAssertTrue(relaunched.main.window.activateAction("win.restore-item"))
            XCTAssertEqual(page.shown.map(\.item.name), [], "no longer hidden")
            relaunched.main.myItems.showPage(myItems: false)
            relaunched.waitForSearch()  // the rows are put back a few per frame
            XCTAssertTrue(relaunched.names.contains("Şımarık"), "restored into the current results")
        }
    }

    func testHiddenItemsListsTheUsersName() throws {
        try WindowHarness.withCatalogWindow { harness in
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            harness.type("Kuzu Kuzu (Live)", into: harness.form.ui.nameEntry)
            harness.form.ui.hideButton.click()

            harness.main.window.activateAction("win.hidden-items")
            let page = harness.main.myItems.page
            XCTAssertEqual(page.shown.map(\.item.name), ["Kuzu Kuzu (Live)"], "listed under the name the user gave it")
            XCTAssertEqual(page.visiblePage, .items)
        }
    }
}
