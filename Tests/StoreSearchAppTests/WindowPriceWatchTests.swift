import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchCore
import Synchronization
import XCTest
@testable import StoreSearchApp

/// Issue #33: kept items' prices are looked up again; a drop shows in My Items' row ("$0.49, was
/// $0.99"), its Price Drops filter, the detail's price history and the item file, and a desktop
/// notification tells of it.
final class WindowPriceWatchTests: XCTestCase {
    /// A format-3 file with two kept songs of the US store: Kuzu Kuzu at $0.99 and Steady at $1.29.
    static func writeKeptItems(_ paths: AppPaths) throws {
        func record(_ id: Int, _ name: String, _ price: String) -> String {
            """
            <dict><key>id</key><string>track:\(id)</string><key>keptAt</key><date>2026-11-01T10:00:00Z</date>
            <key>changedAt</key><date>2026-11-01T10:00:00Z</date>
            <key>snapshot</key><dict><key>id</key><string>track:\(id)</string><key>name</key><string>\(name)</string>
            <key>artist</key><string>Tarkan</string><key>kind</key><string>song</string><key>price</key><string>\(price)</string>
            <key>currency</key><string>USD</string><key>storeRegion</key><string>US</string></dict></dict>
            """
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>formatVersion</key><integer>3</integer><key>items</key><array>
            \(record(1440857788, "Kuzu Kuzu", "0.99"))\(record(284882215, "Steady", "1.29"))
            </array></dict></plist>
            """
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: paths.dataDirectory.appending(path: "items.plist"))
    }

    /// The store's lookup answer with Kuzu Kuzu at `price` (Steady stays at $1.29).
    static func lookupAnswer(kuzuKuzu price: String) -> LocalServerResponse {
        let body = """
            {"resultCount":2,"results":[\
            {"wrapperType":"track","kind":"song","trackId":1440857788,"trackName":"Kuzu Kuzu","artistName":"Tarkan","trackPrice":\(price),"collectionPrice":9.99,"currency":"USD"},\
            {"wrapperType":"track","kind":"song","trackId":284882215,"trackName":"Steady","artistName":"Tarkan","trackPrice":1.29,"collectionPrice":9.99,"currency":"USD"}]}
            """
        return LocalServerResponse(body: Data(body.utf8))
    }

    /// The store's "not now": `status`, an empty body and Retry-After of a second.
    static func busy(_ status: Int) -> LocalServerResponse {
        var busy = LocalServerResponse(status: status, contentType: "text/plain", text: "")
        busy.headers = ["Retry-After": "1"]
        return busy
    }

    /// A store busy at the first lookup, and at the next one Kuzu Kuzu's price has dropped.
    /// A store whose first lookup finds Kuzu Kuzu unchanged, and every later one dropped to $0.49.
    static func droppedAfterFirstLookup() -> CountingServer.Handler {
        let lookups = Mutex(0)
        return { _ in
            lookupAnswer(
                kuzuKuzu: lookups.withLock {
                    $0 += 1
                    return $0
                } == 1 ? "0.99" : "0.49")
        }
    }

    static func busyOnceThenDropped() -> CountingServer.Handler {
        let count = Mutex(0)
        return { _ in
            count.withLock {
                $0 += 1; return $0
            } > 1 ? lookupAnswer(kuzuKuzu: "0.49") : busy(503)
        }
    }

    /// A store answering `/lookup` with `answer`, and the kept items of `writeKeptItems` in a
    /// folder of their own; `body` gets the store and the folders, which both go afterwards.
    static func withKeptItems(
        answering answer: @escaping CountingServer.Handler,
        _ body: (_ server: CountingServer, _ paths: AppPaths) throws -> Void
    ) throws {
        let server = CountingServer()
        server.route("/lookup", answer)
        _ = try server.start()
        defer { server.stop() }
        let paths = WindowHarness.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory.deletingLastPathComponent()) }
        try writeKeptItems(paths)
        try body(server, paths)
    }

    func testAPriceThatFallsBetweenTwoLookupsShowsInTheRowTheFilterTheDetailAndTheFile() throws {
        let lookups = Mutex<[[String: String]]>([])
        try Self.withKeptItems(answering: { request in
            let count = lookups.withLock {
                $0.append(request.query); return $0.count
            }
            return Self.lookupAnswer(kuzuKuzu: count == 1 ? "0.99" : "0.49")
        }) { server, paths in
            try MainActor.assumeIsolated {
                let harness = WindowHarness(apiBase: server.baseURL!, paths: paths)
                defer { harness.dispose() }
                let main = harness.main, keeper = harness.environment.items.keeper
                XCTAssertTrue(
                    MainContext.spin(until: { lookups.withLock { $0.count } == 1 && !main.priceWatch.isChecking }),
                    "looked up at start")
                XCTAssertEqual(
                    lookups.withLock { $0[0]["id"] }.map { Set($0.split(separator: ",")) },
                    ["1440857788", "284882215"], "one request for both")
                XCTAssertEqual(lookups.withLock { $0[0]["country"] }, "US")
                XCTAssertNil(keeper.store.records["track:1440857788"]?.priceChange, "the same price: no change")

                main.priceWatch.check()  // as the 6-hour timer does
                XCTAssertTrue(MainContext.spin(until: { keeper.store.records["track:1440857788"]?.priceChange != nil }))
                XCTAssertEqual(lookups.withLock { $0.count }, 2, "asked again, not answered from the search cache")

                // The row: the new price beside the old one, both in what a screen reader hears.
                main.myItems.showPage(myItems: true)
                XCTAssertTrue(MainContext.spin(until: { main.myItems.page.count == 2 && !main.myItems.page.isListing }))
                XCTAssertTrue(
                    MainContext.spin(until: { main.myItemsView.mappedLabelTexts.contains("$0.49,\nwas\u{00A0}$0.99") }),
                    "\(main.myItemsView.mappedLabelTexts)")  // broken only after the comma
                XCTAssertTrue(main.myItemsView.mappedLabelTexts.contains("$1.29"), "an unchanged price shows plainly")
                XCTAssertNotNil(
                    main.myItemsView.descendant(
                        accessibleLabel: "Kuzu Kuzu, Tarkan, Song, $0.49, was $0.99, Kept in My Items"))

                // The filter, as the main menu's Price Drops (and the notification) opens it.
                main.myItems.showPage(myItems: false)
                XCTAssertTrue(main.window.activateAction(WindowAction.priceDrops.detailedName))
                XCTAssertTrue(main.myItems.isShowingMyItems)
                XCTAssertEqual(main.myItems.page.filter, .priceDrops)
                XCTAssertTrue(MainContext.spin(until: { main.myItems.page.shown.map(\.item.name) == ["Kuzu Kuzu"] }))
                XCTAssertEqual(main.myItems.page.countText, "1 item")

                // The detail's history, newest first, with the lowest price seen.
                main.myItems.page.select(0)
                XCTAssertTrue(MainContext.spin(until: { main.detail.item?.id == "track:1440857788" }))
                XCTAssertEqual(
                    main.detail.priceHistory.rowTexts.map(\.title), ["Lowest Price Seen: $0.49", "$0.49", "$0.99"])
                XCTAssertEqual(
                    main.detail.priceHistory.rowTexts.last?.subtitle, "Nov 1, 2026",
                    "the first price dated when it was kept")
                XCTAssertTrue(main.detail.priceHistory.root.isVisible)
                // Issue #45: each row is heard with its day, once ("$0.49" before).
                let first = main.detail.priceHistory.root.descendant(accessibleLabel: "$0.99, Nov 1, 2026")
                XCTAssertEqual(first?.isLabelledByOthers, false, "named by its own label, not its title again")
                let lowest = main.detail.priceHistory.rowTexts[0]
                XCTAssertNotNil(
                    main.detail.priceHistory.root.descendant(accessibleLabel: "\(lowest.title), \(lowest.subtitle)"))
                XCTAssertNotNil(main.detail.ui.detailStack.descendant(accessibleLabel: "Price History"))
                XCTAssertTrue(harness.close())
            }
            let saved = try ItemStoreFile(paths: paths).load().store
            XCTAssertEqual(saved.records["track:1440857788"]?.priceHistory.map(\.price), [0.99, 0.49])
            XCTAssertEqual(saved.records["track:284882215"]?.priceHistory, [], "no change, no history")
            XCTAssertEqual(ItemStoreFile.formatVersion(ofFileAt: paths.dataDirectory.appending(path: "items.plist")), 4)
        }
    }

    /// The store says Retry-After: the refresh waits that long and asks once more, never in a loop.
    func testRetryAfterDuringARefreshIsWaitedOut() throws {
        try Self.withKeptItems(answering: Self.busyOnceThenDropped()) { server, paths in
            MainActor.assumeIsolated {
                let harness = WindowHarness(apiBase: server.baseURL!, paths: paths)
                defer { harness.dispose() }
                let keeper = harness.environment.items.keeper
                XCTAssertTrue(MainContext.spin(until: { server.requestCount(path: "/lookup") == 1 }))
                XCTAssertTrue(
                    MainContext.spin(until: { keeper.store.records["track:1440857788"]?.priceChange?.isDrop == true }),
                    "asked again once the store's time came")
                XCTAssertFalse(harness.main.priceWatch.isChecking)
                MainContext.spin(until: { false }, timeout: .milliseconds(300))
                XCTAssertEqual(server.requestCount(path: "/lookup"), 2, "one retry, then done")
                XCTAssertTrue(harness.close())
            }
        }
    }

    /// Always busy: the check gives up after a few waits, and no request goes out in between.
    func testAStoreThatStaysBusyIsNotAskedInALoop() throws {
        try Self.withKeptItems(answering: { _ in Self.busy(429) }) { server, paths in
            MainActor.assumeIsolated {
                let harness = WindowHarness(apiBase: server.baseURL!, paths: paths)
                defer { harness.dispose() }
                XCTAssertTrue(MainContext.spin(until: { !harness.main.priceWatch.isChecking }, timeout: .seconds(15)))
                XCTAssertEqual(
                    server.requestCount(path: "/lookup"), 1 + PriceWatch.maximumRetries,
                    "a wait of a second before each retry")
                XCTAssertTrue(harness.close())
            }
        }
    }
}
