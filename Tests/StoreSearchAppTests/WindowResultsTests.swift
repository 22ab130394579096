import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// What the results pane says about what it shows.
final class WindowResultsTests: XCTestCase {
    /// A store answering every search with `count` songs, one with a very long name.
    private static func store(count: Int) throws -> (CountingServer, URL) {
        let server = CountingServer()
        server.route("/search") { _ in
            let records = (0..<count).map { index -> [String: Any] in
                [
                    "wrapperType": "track", "kind": "song", "trackId": 900 + index, "artistName": "Band \(index)",
                    "trackName": index == 0
                        ? "An Extraordinarily Long Song Title That Cannot Possibly Fit In A Narrow Row"
                        : "Song \(index)",
                    "trackPrice": 0.99, "currency": "USD",
                ]
            }
            let body = try! JSONSerialization.data(withJSONObject: ["resultCount": count, "results": records])
            return LocalServerResponse(contentType: "text/javascript; charset=utf-8", body: body)
        }
        return (server, try server.start())
    }

    func testCountSaysWhenTheStoresLimitWasReached() throws {
        let (server, base) = try Self.store(count: 200)
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            harness.search("song")
            XCTAssertEqual(harness.main.countText, "200 results (the store sends at most 200)")
        }
    }

    func testCountBelowTheLimitIsPlain() throws {
        let (server, base) = try Self.store(count: 199)
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            harness.search("song")
            XCTAssertEqual(harness.main.countText, "199 results")
        }
    }

    func testLongNamesAreCutWithATooltip() throws {
        let (server, base) = try Self.store(count: 3)
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, size: (360, 640))
            defer { harness.dispose() }
            harness.search("song")
            let name = "An Extraordinarily Long Song Title That Cannot Possibly Fit In A Narrow Row"
            let row = harness.main.resultsList.descendant(accessibleLabel: "\(name), Band 0, Song, $0.99")
            XCTAssertEqual(row?.shownTooltip, "\(name)\nBand 0 (Song)", "the whole name shows on hover")
            XCTAssertTrue(
                MainContext.spin(until: { harness.main.window.allocatedWidth <= 360 }),
                "a long name does not widen the window")
        }
    }
}
