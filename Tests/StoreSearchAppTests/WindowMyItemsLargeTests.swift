import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #32: My Items with many items lists, filters and sorts them off the main thread; what
/// shows is always what the newest filter and order ask for, and the selection follows its item.
final class WindowMyItemsLargeTests: XCTestCase {
    /// `count` songs "Song 0" … with artists "Artist 0" to "Artist 99", each changed a second after
    /// the one before; every tenth kept.
    private static func store(_ count: Int) -> ItemStore {
        let start = Date(timeIntervalSince1970: 1_000_000_000)
        var records: [String: ItemRecord] = [:]
        records.reserveCapacity(count)
        for index in 0..<count {
            let id = "track:\(index)"
            let result = SearchResult(
                id: id, name: "Song \(index)", artist: "Artist \(index % 100)", kind: .song,
                price: Decimal(index % 7), currency: "USD")
            records[id] = ItemRecord(
                id: id, visitedAt: start, keptAt: index % 10 == 0 ? start : nil,
                changedAt: start + Double(index), snapshot: result)
        }
        return ItemStore(records: records)
    }

    /// The names a filter for `words` lets through, in name order (ASCII: byte order).
    private static func names(_ count: Int, matching words: [String]) -> [String] {
        (0..<count).map { "Song \($0)" }.filter { name in words.allSatisfy { name.lowercased().contains($0) } }.sorted()
    }

    @MainActor
    private static func waitUntilListed(_ page: MyItemsPage, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(
            MainContext.spin(until: { !page.isListing }, timeout: .seconds(60)), "the background listing ends",
            file: file, line: line)
    }

    func testAHundredThousandItemsAreListedAndFiltered() throws {
        let paths = WindowHarness.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory.deletingLastPathComponent()) }
        // Another window holds the folder: nothing is saved (a save of 100,000 items is not what this tests).
        let otherWindow = DataFolderLock(directory: paths.dataDirectory)
        XCTAssertEqual(otherWindow.acquire(), .acquired)
        defer { otherWindow.release() }
        let count = 100_000
        let store = Self.store(count)
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: URL(string: "http://127.0.0.1:9")!, paths: paths)
            defer { harness.dispose() }
            let main = harness.main, page = main.myItems.page
            XCTAssertTrue(main.window.activateAction("win.my-items-sort", string: "name"))
            harness.environment.items.keeper.update { $0 = store }
            main.myItems.itemsLoaded()  // every record is new to the list
            main.myItems.showPage(myItems: true)
            Self.waitUntilListed(page)
            XCTAssertEqual(page.count, count)
            XCTAssertEqual(page.countText, "100,000 items", "grouped as the user's locale writes numbers")
            XCTAssertEqual(page.views.model.count > 0, true, "rows are on their way")
            XCTAssertTrue(MainContext.spin(until: { page.views.model.count == count }), "every item becomes a row")
            XCTAssertEqual(page.views.model[count - 1].name, "Song 99999", "the last row, by name")

            page.filterEntry.text = "SONG 4242"
            Self.waitUntilListed(page)
            let expected = Self.names(count, matching: ["song", "4242"])
            XCTAssertEqual(expected.count, 20)
            XCTAssertEqual(page.shown.map(\.item.name), expected)
            XCTAssertEqual(page.views.model.elements.map(\.name), expected, "the rows are the filtered items")
            page.filter = .kept
            Self.waitUntilListed(page)
            XCTAssertEqual(page.shown.map(\.item.name), expected.filter { Int($0.dropFirst(5))! % 10 == 0 })
        }
    }

    func testTheNewestFilterAndOrderWinOverABackgroundListingStillUnderWay() throws {
        let count = 5_000  // past MyItemsListing.backgroundThreshold: sorted and filtered in the background
        XCTAssertGreaterThan(count, MyItemsListing.backgroundThreshold)
        let store = Self.store(count)
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main, page = main.myItems.page
            harness.environment.items.keeper.update { $0 = store }
            main.myItems.itemsLoaded()  // every record is new to the list
            main.myItems.showPage(myItems: true)
            Self.waitUntilListed(page)
            XCTAssertEqual(page.count, count)

            // A new order, and typing before it is sorted: the rows are the last text's, in the new order.
            XCTAssertTrue(main.window.activateAction("win.my-items-sort", string: "date-changed"))
            page.filterEntry.text = "song 1"
            page.filterEntry.text = "song 12"
            XCTAssertTrue(page.isListing, "sorted and filtered in the background")
            Self.waitUntilListed(page)
            let expected = Self.names(count, matching: ["song", "12"])
            XCTAssertEqual(
                page.shown.map(\.item.name), expected.sorted { Int($0.dropFirst(5))! > Int($1.dropFirst(5))! },
                "most recently changed first")
            XCTAssertEqual(page.views.model.elements.map(\.name), page.shown.map(\.item.name))

            // The selection follows its item through a change of text that moves it.
            XCTAssertTrue(page.select(id: "track:4120"))
            page.filterEntry.text = "song 412"
            Self.waitUntilListed(page)
            XCTAssertEqual(page.selected?.id, "track:4120")
            XCTAssertEqual(page.views.selection.selectedElement?.name, "Song 4120")
            page.filterEntry.text = "song 4121"
            Self.waitUntilListed(page)
            XCTAssertNil(page.selected, "filtered out: nothing selected")

            // Remove and Undo while a listing is under way: the item goes and comes back.
            page.filterEntry.text = ""
            Self.waitUntilListed(page)
            XCTAssertTrue(page.select(id: "track:4999"))
            XCTAssertEqual(page.selected?.item.name, "Song 4999", "the most recently changed, first")
            XCTAssertTrue(main.window.activateAction("win.my-items-sort", string: "name"))
            XCTAssertTrue(main.window.activateAction("win.remove-item"))
            Self.waitUntilListed(page)
            XCTAssertEqual(page.count, count - 1)
            XCTAssertFalse(page.shown.contains { $0.id == "track:4999" })
            XCTAssertEqual(page.shown.first?.item.name, "Song 0", "by name")
            main.clickBannerButton()  // Undo
            Self.waitUntilListed(page)
            XCTAssertEqual(page.count, count)
            XCTAssertEqual(page.shown.map(\.item.name), Self.names(count, matching: []))
            XCTAssertEqual(page.views.model.elements.map(\.name), page.shown.map(\.item.name))
        }
    }
}
