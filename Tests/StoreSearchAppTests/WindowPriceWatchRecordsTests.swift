import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchCore
import Synchronization
import XCTest
@testable import StoreSearchApp

/// Issue #33: which kept items the price watch follows: one known only by its store link (the
/// store's answer named no id for it), and one removed from My Items while its removal can still
/// be undone (Undo puts it back with the prices seen meanwhile, which are the store's facts).
final class WindowPriceWatchRecordsTests: XCTestCase {
    /// Kuzu Kuzu kept only by its link: the store's record had a trackViewUrl and no trackId.
    static let link = "https://music.apple.com/tr/album/kuzu-kuzu/1440857781?i=1440857788"

    static func writeLinkedItem(_ paths: AppPaths) throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>formatVersion</key><integer>3</integer><key>items</key><array>
            <dict><key>id</key><string>url:\(link)</string><key>keptAt</key><date>2026-11-01T10:00:00Z</date>
            <key>changedAt</key><date>2026-11-01T10:00:00Z</date>
            <key>snapshot</key><dict><key>id</key><string>url:\(link)</string><key>name</key><string>Kuzu Kuzu</string>
            <key>artist</key><string>Tarkan</string><key>kind</key><string>song</string><key>price</key><string>0.99</string>
            <key>currency</key><string>USD</string></dict></dict>
            </array></dict></plist>
            """
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: paths.dataDirectory.appending(path: "items.plist"))
    }

    func testAnItemKnownOnlyByItsLinkIsLookedUpByTheIdItsLinkNames() throws {
        let lookups = Mutex<[[String: String]]>([])
        let server = CountingServer()
        server.route("/lookup") { request in
            lookups.withLock { $0.append(request.query) }
            return WindowPriceWatchTests.lookupAnswer(kuzuKuzu: "0.49")
        }
        _ = try server.start()
        defer { server.stop() }
        let paths = WindowHarness.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory.deletingLastPathComponent()) }
        try Self.writeLinkedItem(paths)
        let id = "url:\(Self.link)"
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: server.baseURL!, paths: paths)
            defer { harness.dispose() }
            let keeper = harness.environment.items.keeper
            XCTAssertTrue(
                MainContext.spin(until: { keeper.store.records[id]?.priceChange != nil }),
                "the price seen at the check at start")
            XCTAssertEqual(lookups.withLock { $0.first?["id"] }, "1440857788", "the track its link names")
            XCTAssertEqual(lookups.withLock { $0.first?["country"] }, "TR", "in the link's store")
            let record = keeper.store.records[id]
            XCTAssertEqual(record?.priceHistory.map(\.price), [0.99, 0.49])
            XCTAssertEqual(record?.snapshot?.id, id, "the item keeps the identity it was kept by")
            XCTAssertEqual(keeper.store.records.count, 1, "no second record for the track's id")
            XCTAssertTrue(harness.close())
        }
    }

    func testUndoingARemoveKeepsThePricesTheStoreShowedMeanwhile() throws {
        try WindowPriceWatchTests.withKeptItems(answering: WindowPriceWatchTests.droppedAfterFirstLookup()) {
            server, paths in
            try MainActor.assumeIsolated {
                let harness = WindowHarness(apiBase: server.baseURL!, paths: paths)
                defer { harness.dispose() }
                let main = harness.main, page = main.myItems.page, keeper = harness.environment.items.keeper
                let id = "track:1440857788"
                XCTAssertTrue(
                    MainContext.spin(until: { server.requestCount(path: "/lookup") == 1 && !main.priceWatch.isChecking }
                    ),
                    "looked up at start")
                main.myItems.showPage(myItems: true)
                XCTAssertTrue(MainContext.spin(until: { page.count == 2 && !page.isListing }))
                XCTAssertTrue(page.select(id: id))
                XCTAssertTrue(main.window.activateAction("win.remove-item"))
                XCTAssertNil(keeper.store.records[id])

                main.priceWatch.check()  // the 6-hour timer, while Undo is still offered
                XCTAssertTrue(
                    MainContext.spin(until: { server.requestCount(path: "/lookup") == 2 && !main.priceWatch.isChecking }
                    ))
                XCTAssertTrue(
                    server.requests.last { $0.path == "/lookup" }?.query["id"]?.split(separator: ",").contains(
                        "1440857788") == true,
                    "the removed item is still watched")

                XCTAssertTrue(main.window.activateAction("win.undo"))
                let record = try XCTUnwrap(keeper.store.records[id], "back")
                XCTAssertNotNil(record.keptAt)
                XCTAssertEqual(
                    record.priceHistory.map(\.price), [0.99, 0.49], "with the price the store showed while it was away")
                XCTAssertTrue(
                    MainContext.spin(until: { main.myItemsView.mappedLabelTexts.contains("$0.49,\nwas\u{00A0}$0.99") }),
                    "\(main.myItemsView.mappedLabelTexts)")
                XCTAssertTrue(harness.close())
            }
            XCTAssertEqual(
                try ItemStoreFile(paths: paths).load().store.records["track:1440857788"]?.priceHistory.map(\.price),
                [0.99, 0.49])
        }
    }
}
