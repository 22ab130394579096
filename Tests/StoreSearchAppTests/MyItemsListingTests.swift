import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #42: My Items follows the ids `Items.changed` gives it (no log of the store's changes):
/// typing's draft is taken with the next change, and what changes while a large list is made in
/// the background is listed once it is ready.
final class MyItemsListingTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = MainLoop.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A listing of every item by name over an empty item file, its changes given as My Items is
    /// given them; `names` reads what it listed last.
    private func withListing(_ body: @MainActor (Items, MyItemsListing, _ names: () -> [String]) throws -> Void) throws
    {
        let folder = folder!
        try MainActor.assumeIsolated {
            let keeper = ItemStoreKeeper.read(in: folder)
            defer { keeper.releaseLock() }
            let items = Items(keeper: keeper)
            let listing = MyItemsListing(items: items) { .init(order: .name, filter: .all, text: "") }
            items.changed.subscribe { listing.storeChanged(ids: $0.ids) }
            var last: MyItemsListing.Listed?
            listing.listed.subscribe { last = $0 }
            listing.pageShown()
            try body(items, listing) { last.map { listed in listed.positions.map { listed.list[$0].item.name } } ?? [] }
        }
    }

    private static func song(_ index: Int) -> SearchResult {
        SearchResult(id: "track:\(index)", name: "Song \(index)", kind: .song)
    }

    func testADraftIsListedWithTheNextChange() throws {
        try withListing { items, _, names in
            items.record(ItemChange(result: Self.song(1), kind: .kept(true)))
            XCTAssertEqual(names(), ["Song 1"])
            items.keepDraft(
                ItemChange(result: Self.song(1), kind: .edits(before: ItemEdits(), after: ItemEdits(name: "Draft"))))
            XCTAssertEqual(names(), ["Song 1"], "typing is shown by the form only")
            items.record(ItemChange(result: Self.song(2), kind: .kept(true)))
            XCTAssertEqual(names(), ["Draft", "Song 2"], "the list read the store again for the draft's item")
        }
    }

    func testAChangeMadeWhileALargeListIsMadeIsListedOnceItIsReady() throws {
        let count = MyItemsListing.backgroundThreshold + 500
        try withListing { items, listing, names in
            let store = ItemStore(
                records: Dictionary(
                    uniqueKeysWithValues: (0..<count).map { index in
                        ("track:\(index)", ItemRecord(id: "track:\(index)", keptAt: Date(), snapshot: Self.song(index)))
                    }))
            items.keeper.update { $0 = store }
            listing.storeLoaded()  // every record new: made in the background
            XCTAssertTrue(listing.isBusy)
            items.record(
                ItemChange(result: Self.song(7), kind: .edits(before: ItemEdits(), after: ItemEdits(name: "Renamed"))))
            items.record(ItemChange(result: Self.song(8), kind: .record(before: store.records["track:8"], after: nil)))
            XCTAssertTrue(MainContext.spin(until: { !listing.isBusy }, timeout: .seconds(60)))
            let listed = names()
            XCTAssertEqual(listed.count, count - 1, "the removed item is not listed")
            XCTAssertTrue(listed.contains("Renamed"))
            XCTAssertFalse(listed.contains("Song 7"))
            XCTAssertFalse(listed.contains("Song 8"))
        }
    }
}
