import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

final class WindowSearchTests: XCTestCase {
    func testSearchFillsTheListInTheStoresOrderWithArtwork() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            harness.main.searchEntry.text = "   "
            harness.main.searchEntry.activate()
            XCTAssertEqual(harness.main.visiblePage, .hint, "an empty term does nothing")
            XCTAssertTrue(catalog.searchRequests.isEmpty)

            harness.main.categoryDropDown.selectedIndex = 1  // Music
            XCTAssertTrue(catalog.searchRequests.isEmpty, "changing the category with no term does not search")
            harness.search("tarkan")
            XCTAssertEqual(harness.main.visiblePage, .results)
            XCTAssertEqual(
                harness.names,
                [  // the catalog's ranking, best match first (#19)
                    "Şımarık", "Kuzu Kuzu", "Silver Engine", "Wild Forest", "Lost Mirror", "Lost Harbor",
                    "Paper Meadow",
                    "Golden Lantern", "Frozen Voyage", "Wild Lantern", "Paper Echo", "Paper Forest", "Neon Garden",
                ])
            XCTAssertEqual(harness.main.countText, "13 results")
            XCTAssertEqual(catalog.searchRequests.last?.query["entity"], "musicTrack")

            // Each row says name, artist, kind and price to screen readers.
            let row = harness.main.resultsList.descendant(accessibleLabel: "Kuzu Kuzu, Tarkan, Song, $1.29")
            XCTAssertEqual(
                row?.parent?.widget, harness.main.resultsList.widget, "the focusable list row itself is named")
            // Thumbnails arrive (the catalog's are read from the bundle, with no download).
            XCTAssertTrue(
                MainContext.spin(
                    until: {
                        harness.main.shownItems.allSatisfy {
                            harness.environment.artwork.cachedTexture(for: $0.result.artworkURL!) != nil
                        }
                    }, timeout: .seconds(10)), "every row shows its artwork")
            XCTAssertEqual(harness.environment.artwork.downloadCount, 0)

            harness.search("frozen summit")
            XCTAssertNotNil(
                harness.main.resultsList.descendant(accessibleLabel: "Frozen Summit, Unknown, Song, $0.69"),
                "a result without an artist reads as Unknown")
        }
    }

    func testCategoryChangeRequeriesWithItsEntity() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            harness.search("tarkan")
            XCTAssertEqual(harness.main.shownItems.count, 28, "All has every kind")
            XCTAssertNil(catalog.searchRequests.last?.query["entity"])

            for (index, entity, kind) in [
                (2, "software", nil), (3, "ebook", ResultKind.ebook), (6, "audiobook", .audiobook),
            ] {
                harness.main.categoryDropDown.selectedIndex = index
                harness.waitForSearch()
                XCTAssertEqual(catalog.searchRequests.last?.query["entity"], entity)
                XCTAssertEqual(catalog.searchRequests.last?.query["term"], "tarkan")
                if let kind {
                    XCTAssertFalse(harness.main.shownItems.isEmpty)
                    XCTAssertTrue(
                        harness.main.shownItems.allSatisfy { $0.result.kind == kind }, "\(entity): \(harness.names)")
                } else {
                    XCTAssertEqual(harness.main.visiblePage, .empty)
                    XCTAssertEqual(harness.main.emptyText, "No results for “tarkan” in Software.")
                }
            }
            XCTAssertEqual(catalog.searchRequests.count, 4)
        }
    }

    func testStaleSlowSearchNeverReplacesANewerOne() throws {
        let server = CountingServer()
        server.route("/search") { request in
            let term = request.query["term"] ?? ""
            let body = """
                {"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":\(term.count),"trackName":"\(term) song","artistName":"Someone","trackPrice":0.99,"currency":"USD"}]}
                """
            return LocalServerResponse(body: Data(body.utf8), delay: term == "slow" ? .milliseconds(800) : nil)
        }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            harness.main.searchEntry.text = "slow"
            harness.main.searchEntry.activate()
            XCTAssertTrue(MainContext.spin(until: { server.requestCount == 1 }))
            harness.search("fast")
            XCTAssertEqual(harness.names, ["fast song"])
            // Long enough for the slow answer to have arrived, had it not been cancelled.
            MainContext.spin(until: { false }, timeout: .milliseconds(1200))
            XCTAssertEqual(harness.names, ["fast song"])
            XCTAssertEqual(harness.main.visiblePage, .results)
        }
    }
}
