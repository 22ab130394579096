import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchCore
import Synchronization
import XCTest
@testable import StoreSearchApp

/// Issue #45: a kept item stays in the store it was kept in. A search in another store shows it at
/// that store's price and changes nothing of it (it became €0.99 with "$0.99 → €0.99" in its
/// history, and every later check asked the other store); its detail says where it is watched and
/// offers to watch it in this store instead. And only the store's real prices write its history: a
/// price that is no price, another currency, an id answered twice with two prices or an id that was
/// not asked for change nothing, and one check makes one change at most.
final class WindowKeptStoreTests: XCTestCase {
    /// The German store's answer to a search: Kuzu Kuzu at €1.29.
    static let germanSearch = Data(
        """


        {"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":1440857788,\
        "trackName":"Kuzu Kuzu","artistName":"Tarkan","trackPrice":1.29,"collectionPrice":9.99,"currency":"EUR"}]}
        """.utf8)

    func testASearchInAnotherStoreChangesNothingOfAKeptItemUntilTheUserMovesIt() throws {
        let lookups = Mutex<[String]>([])
        let server = CountingServer()
        server.route("/search") { _ in LocalServerResponse(body: Self.germanSearch) }
        server.route("/lookup") { request in
            lookups.withLock { $0.append(request.query["country"] ?? "") }
            return WindowPriceWatchTests.lookupAnswer(kuzuKuzu: "0.99")
        }
        let base = try server.start()
        defer { server.stop() }
        let paths = WindowHarness.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory.deletingLastPathComponent()) }
        try WindowPriceWatchTests.writeKeptItems(paths)
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, paths: paths)
            defer { harness.dispose() }
            let main = harness.main, keeper = harness.environment.items.keeper, id = "track:1440857788"
            XCTAssertTrue(MainContext.spin(until: { !main.priceWatch.isChecking && !lookups.withLock(\.isEmpty) }))
            let kept = try XCTUnwrap(keeper.store.records[id])

            harness.environment.storeRegion.choose("DE")
            harness.search("kuzu")
            XCTAssertEqual(harness.names, ["Kuzu Kuzu"])
            XCTAssertEqual(keeper.store.records[id], kept, "seen in the German store: the kept record is as it was")
            XCTAssertNil(main.shownItems[0].priceChange, "no “was” from another store beside €1.29")
            harness.open("Kuzu Kuzu")
            let notice = harness.form.keptStore
            XCTAssertTrue(notice.root.isVisible)
            XCTAssertEqual(
                notice.text, "Kept from the store of United States, where it costs $0.99: its price is watched there.")

            main.priceWatch.check()
            XCTAssertTrue(MainContext.spin(until: { lookups.withLock(\.count) == 2 && !main.priceWatch.isChecking }))
            XCTAssertEqual(lookups.withLock { $0.last }, "US", "still checked in its own store")

            // The user moves it: its snapshot and price history are the German store's from now on.
            XCTAssertTrue(main.window.activateAction(WindowAction.watchHere.detailedName))
            let moved = try XCTUnwrap(keeper.store.records[id])
            XCTAssertEqual(moved.snapshot?.storeRegion, "DE")
            XCTAssertEqual(moved.snapshot?.currency, "EUR")
            XCTAssertEqual(moved.priceHistory, [])
            XCTAssertFalse(notice.root.isVisible, "it is watched in this store now")
            XCTAssertTrue(main.window.activateAction(WindowAction.undo.detailedName))
            XCTAssertEqual(keeper.store.records[id]?.snapshot?.storeRegion, "US", "Undo puts it back")
            XCTAssertTrue(notice.root.isVisible)
        }
    }

    /// A store answering each lookup with the next of `bodies` (the last one from then on).
    private static func answering(_ bodies: [String]) -> CountingServer.Handler {
        let count = Mutex(0)
        return { _ in
            let index = count.withLock {
                $0 += 1
                return min($0, bodies.count) - 1
            }
            return LocalServerResponse(body: Data(("\n\n" + bodies[index]).utf8))
        }
    }

    private static func answer(_ records: String...) -> String {
        "{\"resultCount\":\(records.count),\"results\":[\(records.joined(separator: ","))]}"
    }

    private static func kuzuKuzu(price: String, currency: String = "USD", id: Int = 1_440_857_788) -> String {
        """
        {"wrapperType":"track","kind":"song","trackId":\(id),"trackName":"Kuzu Kuzu","artistName":"Tarkan",\
        "trackPrice":\(price),"collectionPrice":9.99,"currency":"\(currency)"}
        """
    }

    func testOnlyTheStoresRealPricesWriteTheHistory() throws {
        let steady = """
            {"wrapperType":"track","kind":"song","trackId":284882215,"trackName":"Steady","artistName":"Tarkan",\
            "trackPrice":-5,"collectionPrice":9.99,"currency":"USD"}
            """
        let answers = Self.answering([
            Self.answer(Self.kuzuKuzu(price: "\"0.49\""), steady),  // a price as text; a negative one
            Self.answer(Self.kuzuKuzu(price: "\"NaN\"")),
            Self.answer(Self.kuzuKuzu(price: "0.49", currency: "EUR")),  // not the item's store's currency
            Self.answer(Self.kuzuKuzu(price: "0.49"), Self.kuzuKuzu(price: "0.39")),  // one id, two prices
            Self.answer(Self.kuzuKuzu(price: "0.29", id: 1)),  // an id no one asked for
            Self.answer(Self.kuzuKuzu(price: "0.49"), Self.kuzuKuzu(price: "0.49")),  // twice, the same price
        ])
        try WindowPriceWatchTests.withKeptItems(answering: answers) { server, paths in
            MainActor.assumeIsolated {
                let harness = WindowHarness(apiBase: server.baseURL!, paths: paths)
                defer { harness.dispose() }
                let main = harness.main, keeper = harness.environment.items.keeper
                let before = keeper.store
                for check in 1...5 {
                    if check > 1 { main.priceWatch.check() }
                    XCTAssertTrue(
                        MainContext.spin(until: {
                            server.requestCount(path: "/lookup") == check && !main.priceWatch.isChecking
                        }))
                    XCTAssertEqual(keeper.store, before, "answer \(check) is not the store's price: nothing changes")
                }
                main.priceWatch.check()
                XCTAssertTrue(
                    MainContext.spin(until: { server.requestCount(path: "/lookup") == 6 && !main.priceWatch.isChecking }
                    ))
                XCTAssertEqual(
                    keeper.store.records["track:1440857788"]?.priceHistory.map(\.price), [0.99, 0.49],
                    "one change for the id answered twice with one price")
                XCTAssertEqual(keeper.store.records["track:284882215"], before.records["track:284882215"])
            }
        }
    }
}
