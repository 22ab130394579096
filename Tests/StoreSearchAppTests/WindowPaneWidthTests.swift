import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #21: the results pane keeps its width when a result opens (it jumped 518 → 367 px with
/// the offline notice shown), so what the user was looking at does not move.
final class WindowPaneWidthTests: XCTestCase {
    func testTheResultsPaneKeepsItsWidthWhenAResultOpens() throws {
        for offline in [false, true] {
            try WindowHarness.withCatalogWindow(size: (1024, 700)) { harness in
                if offline { harness.main.search.useOfflineCatalog(searching: false) }
                harness.search("midnight")
                let pane = harness.main.resultsList
                _ = MainContext.spin(until: { false }, timeout: .milliseconds(300))
                let before = try XCTUnwrap(pane.bounds(in: harness.main.window)).width
                harness.open(harness.names[0])
                _ = MainContext.spin(until: { false }, timeout: .milliseconds(500))
                let after = try XCTUnwrap(pane.bounds(in: harness.main.window)).width
                XCTAssertEqual(before, after, "offline notice: \(offline)")
            }
        }
    }

    /// Issue #30: the open item's title is no reason for the divider to move. A podcast with a
    /// 200-character name took about 330 px from the results pane, which then moved again as
    /// the arrow keys went from a short name to a long one.
    func testALongTitleDoesNotMoveTheDivider() throws {
        let long = String(String(repeating: "A Very Long Podcast Name ", count: 8).dropLast()) + "!"  // 200 characters
        XCTAssertEqual(long.count, 200)
        let server = CountingServer()
        server.route("/search") { _ in
            let body = """
                {"resultCount":3,"results":[
                {"wrapperType":"track","kind":"podcast","trackId":1,"trackName":"Short","artistName":"Host","trackPrice":0,"currency":"USD"},
                {"wrapperType":"track","kind":"podcast","trackId":2,"trackName":"\(long)","artistName":"Host","trackPrice":0,"currency":"USD"},
                {"wrapperType":"track","kind":"song","trackId":3,"trackName":"Tiny","artistName":"Singer","trackPrice":1.29,"currency":"USD"}]}
                """
            return LocalServerResponse(body: Data(body.utf8))
        }
        _ = try server.start()
        defer { server.stop() }
        for width in [1024, 1600] {
            try MainActor.assumeIsolated {
                let harness = WindowHarness(apiBase: server.baseURL!, size: (width, 700))
                defer { harness.dispose() }
                harness.search("podcast")
                let pane = harness.main.resultsList
                @MainActor func paneWidth() throws -> Double {
                    _ = MainContext.spin(until: { false }, timeout: .milliseconds(300))
                    return try XCTUnwrap(pane.bounds(in: harness.main.window)).width
                }
                let closed = try paneWidth()
                for name in ["Short", long, "Tiny", long] {
                    harness.select(name)
                    XCTAssertEqual(try paneWidth(), closed, "\(width) px window, \(name.prefix(10)) open")
                    XCTAssertEqual(
                        harness.main.ui.detailTitle.isEllipsized, name == long, "the header shows what it has room for")
                }
                XCTAssertFalse(harness.main.isFolded)
            }
        }
    }
}
