import CGtk
import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchCore
import Synchronization
import XCTest
@testable import StoreSearchApp

/// The items-changed signals My Items' rows emitted: (position, removed, added).
nonisolated(unsafe) private var emitted: [[UInt32]] = []
private let recordItemsChanged: @convention(c) (gpointer?, guint, guint, guint, gpointer?) -> Void = {
    _, position, removed, added, _ in
    emitted.append([position, removed, added])
}

/// Issues #33 and #32: a price check that changes thousands of kept items' prices changes only
/// the rows GTK has built of them in My Items (one items-changed, from the first to the last),
/// instead of listing every row again; the others show their new prices when scrolled to.
final class WindowMyItemsPriceCheckTests: XCTestCase {
    static let count = 3_000

    /// Kept songs "Song 0" … at $1.29, each with a snapshot of the US store.
    static func keptItems() -> ItemStore {
        var store = ItemStore()
        let kept = Date(timeIntervalSince1970: 1_790_000_000)
        for index in 0..<count {
            store.keep(
                SearchResult(
                    id: "track:\(1_000_000 + index)", name: "Song \(index)", artist: "Artist \(index % 30)",
                    kind: .song,
                    price: Decimal(string: "1.29"), currency: "USD", storeRegion: "US"), at: kept)
        }
        return store
    }

    /// The store's answer for `ids` (of the lookup's `id`): every third at $0.99 when `lower`.
    static func answer(_ request: LocalServerRequest, lower: Bool) -> LocalServerResponse {
        let records = (request.query["id"] ?? "").split(separator: ",").compactMap { Int($0) }.map { id in
            """
            {"wrapperType":"track","kind":"song","trackId":\(id),"trackName":"Song \(id - 1_000_000)",\
            "artistName":"Artist \((id - 1_000_000) % 30)","trackPrice":\(lower && id % 3 == 0 ? "0.99" : "1.29"),"currency":"USD"}
            """
        }
        return LocalServerResponse(
            body: Data("{\"resultCount\":\(records.count),\"results\":[\(records.joined(separator: ","))]}".utf8))
    }

    func testAPriceCheckChangesOnlyTheRowsOfItemsWhosePriceChanged() throws {
        let lower = Mutex(false)
        let server = CountingServer()
        server.route("/lookup") { request in Self.answer(request, lower: lower.withLock { $0 }) }
        _ = try server.start()
        defer { server.stop() }
        let paths = WindowHarness.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory.deletingLastPathComponent()) }
        try ItemStoreFile(paths: paths).save(Self.keptItems())
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: server.baseURL!, paths: paths)
            defer { harness.dispose() }
            let main = harness.main, page = main.myItems.page, keeper = harness.environment.items.keeper
            XCTAssertTrue(
                MainContext.spin(
                    until: {
                        keeper.isLoaded && server.requestCount(path: "/lookup") > 0 && !main.priceWatch.isChecking
                    },
                    timeout: .seconds(30)), "the check at start, with the prices as kept")
            main.myItems.showPage(myItems: true)
            XCTAssertTrue(
                MainContext.spin(
                    until: { !page.isListing && page.views.model.count == Self.count }, timeout: .seconds(30)))
            XCTAssertTrue(
                MainContext.spin(until: { main.myItemsView.mappedLabelTexts.contains("$1.29") }),
                "the first rows on screen: \(main.myItemsView.mappedLabelTexts.prefix(20))")

            emitted = []
            let handler = g_signal_connect_data(
                page.views.model.gobject, "items-changed", unsafeBitCast(recordItemsChanged, to: GCallback.self),
                nil, nil, GConnectFlags(rawValue: 0))
            defer { g_signal_handler_disconnect(page.views.model.gobject, handler) }
            lower.withLock { $0 = true }
            main.priceWatch.check()  // as the 6-hour timer does
            XCTAssertTrue(
                MainContext.spin(
                    until: { !main.priceWatch.isChecking && !page.isListing && !emitted.isEmpty }, timeout: .seconds(30)
                ))
            MainContext.spin(until: { false }, timeout: .milliseconds(200))

            let dropped = Set((0..<Self.count).filter { (1_000_000 + $0) % 3 == 0 }.map { "Song \($0)" })
            XCTAssertEqual(dropped.count, Self.count / 3)
            XCTAssertEqual(page.count, Self.count)
            XCTAssertTrue(emitted.allSatisfy { $0[1] == $0[2] }, "no row came or went: \(emitted.prefix(5))")
            // One change, for the rows GTK had built (a few hundred at most), from the first whose
            // price fell to the last; the others are bound to the new price when they are shown.
            XCTAssertEqual(emitted.count, 1, "\(emitted.prefix(5))")
            let rowsNamed = page.shown.map(\.item.name)
            let told = emitted.flatMap { change in (Int(change[0])..<Int(change[0] + change[1])).map { rowsNamed[$0] } }
            XCTAssertTrue((1...2 * ResultsFeeder.realizedRows).contains(told.count), "\(told.count) rows told")
            XCTAssertTrue(
                told.first.map(dropped.contains) == true && told.last.map(dropped.contains) == true, "\(told.prefix(3))"
            )
            // The rows on screen show the new prices, and so do the last rows once scrolled to.
            XCTAssertTrue(
                MainContext.spin(until: { main.myItemsView.mappedLabelTexts.contains("$0.99,\nwas\u{00A0}$1.29") }),
                "\(main.myItemsView.mappedLabelTexts.prefix(20))")
            let last = try XCTUnwrap(page.shown.suffix(6).last { dropped.contains($0.item.name) })
            page.views.focus(at: Self.count - 1)
            XCTAssertTrue(
                MainContext.spin(until: {
                    main.myItemsView.descendant(
                        accessibleLabel:
                            "\(last.item.name), \(last.item.artist ?? ""), Song, $0.99, was $1.29, Kept in My Items")
                        != nil
                }), "\(last.item.name) at its new price")
            XCTAssertTrue(harness.close())
        }
    }

    /// A keystroke that narrows a long list tells GTK first of the rows it has built (as many as
    /// before), then of the rest: told of all at once, GTK 4.8 asks for every row to come, to look
    /// for the top row it tracks (100,000 after a keystroke).
    func testAKeystrokeTellsGTKOfTheRowsItBuiltFirst() throws {
        let paths = WindowHarness.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory.deletingLastPathComponent()) }
        try ItemStoreFile(paths: paths).save(Self.keptItems())
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: URL(string: "http://127.0.0.1:9")!, paths: paths)
            defer { harness.dispose() }
            let main = harness.main, page = main.myItems.page
            XCTAssertTrue(MainContext.spin(until: { harness.environment.items.keeper.isLoaded }, timeout: .seconds(30)))
            XCTAssertTrue(main.window.activateAction("win.my-items-sort", string: "name"))
            main.myItems.showPage(myItems: true)
            XCTAssertTrue(
                MainContext.spin(
                    until: { !page.isListing && page.views.model.count == Self.count }, timeout: .seconds(30)))
            MainContext.spin(until: { false }, timeout: .milliseconds(200))

            emitted = []
            let handler = g_signal_connect_data(
                page.views.model.gobject, "items-changed", unsafeBitCast(recordItemsChanged, to: GCallback.self),
                nil, nil, GConnectFlags(rawValue: 0))
            defer { g_signal_handler_disconnect(page.views.model.gobject, handler) }
            let expected = (0..<Self.count).filter { "song \($0)".contains("29") || "artist \($0 % 30)".contains("29") }
                .count
            page.filterEntry.text = "29"
            XCTAssertTrue(
                MainContext.spin(until: { !page.isListing && page.count == expected }), "\(page.count) of \(expected)")
            XCTAssertEqual(emitted.count, 2, "\(emitted)")
            let (built, rest) = (emitted[0], emitted[1])
            XCTAssertEqual(built[1], built[2], "as many rows as before")
            XCTAssertTrue((1...UInt32(2 * ResultsFeeder.realizedRows)).contains(built[2]), "\(built)")
            XCTAssertEqual(rest[0], built[0] + built[2], "then the rest")
            XCTAssertEqual(Int(rest[0] + rest[1]), Self.count)
            XCTAssertEqual(Int(rest[0] + rest[2]), expected)
            XCTAssertEqual(
                page.views.model.elements.map(\.name), page.shown.map(\.item.name), "the rows are the filtered items")
            let first = try XCTUnwrap(page.shown.first?.item)
            XCTAssertTrue(
                MainContext.spin(until: {
                    main.myItemsView.descendant(
                        accessibleLabel: "\(first.name), \(first.artist ?? ""), Song, $1.29, Kept in My Items") != nil
                }), "\(first.name) on screen")
            XCTAssertTrue(harness.close())
        }
    }
}
