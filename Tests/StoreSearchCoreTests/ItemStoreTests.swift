import Foundation
import XCTest
@testable import StoreSearchCore

final class ItemStoreTests: XCTestCase {
    private let a = SearchResult(id: "track:1", name: "Alpha", artist: "A", kind: .song, price: 1)
    private let b = SearchResult(id: "track:2", name: "Beta", artist: "B", kind: .app, price: 0)
    private let c = SearchResult(id: "track:3", name: "Gamma", kind: .ebook)

    func testApplyHidesOverlaysAndFlags() {
        var store = ItemStore()
        store.hide(b)
        store.setEdits(ItemEdits(name: "Alpha (edited)", notes: "great"), for: a)
        store.markVisited(c, at: Date(timeIntervalSince1970: 10))
        let items = store.apply(to: [a, b, c])
        XCTAssertEqual(items.map(\.id), ["track:1", "track:3"])
        XCTAssertEqual(items[0].name, "Alpha (edited)")
        XCTAssertEqual(items[0].artist, "A")
        XCTAssertEqual(items[0].notes, "great")
        XCTAssertFalse(items[0].isVisited)
        XCTAssertTrue(items[1].isVisited)
    }

    func testHiddenItemsAreListedNewestFirstAndRestorable() {
        var store = ItemStore()
        store.hide(a, at: Date(timeIntervalSince1970: 1))
        store.hide(b, at: Date(timeIntervalSince1970: 2))
        XCTAssertEqual(
            store.records.values.filter { $0.hiddenAt != nil }.sorted { $0.hiddenAt! > $1.hiddenAt! }.compactMap(
                \.snapshot?.name),
            ["Beta", "Alpha"])
        store.unhide(a.id)
        XCTAssertEqual(store.apply(to: [a, b]).map(\.id), ["track:1"])
        XCTAssertTrue(store.records.isEmpty == false)
        store.unhide(b.id)
        XCTAssertTrue(store.isEmpty, "a record with nothing left to say is dropped")
    }

    func testVisitedKeepsTheFirstVisitAndRevertKeepsMarks() {
        var store = ItemStore()
        store.markVisited(a, at: Date(timeIntervalSince1970: 5))
        store.markVisited(a, at: Date(timeIntervalSince1970: 9))
        store.setEdits(ItemEdits(price: 3), for: a)
        store.revertEdits(of: a.id)
        let item = store.item(for: a)
        XCTAssertEqual(item.visitedAt, Date(timeIntervalSince1970: 5))
        XCTAssertEqual(item.price, 1)
    }
}
