import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

final class WindowErrorTests: XCTestCase {
    /// A store that answers every search with `status` and an empty body.
    private static func failingServer(status: Int) throws -> (CountingServer, URL) {
        let server = CountingServer()
        server.route("/search") { _ in LocalServerResponse(status: status, body: Data()) }
        return (server, try server.start())
    }

    func testThrottledSearchSaysSoAndRetries() throws {
        let (server, base) = try Self.failingServer(status: 403)
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            harness.search("tarkan")
            XCTAssertEqual(harness.main.visiblePage, .error)
            XCTAssertEqual(
                harness.main.errorText.message, "The iTunes Store is limiting searches. Try again in a minute.")
            XCTAssertFalse(harness.main.isOfflineButtonVisible, "the store answered: no need for the catalog")
            harness.main.retryButton.click()
            harness.waitForSearch()
            XCTAssertEqual(server.requestCount(path: "/search"), 2, "Retry asks again")
        }
    }

    func testServerProblemShowsItsError() throws {
        let (server, base) = try Self.failingServer(status: 500)
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            harness.search("tarkan")
            XCTAssertEqual(harness.main.visiblePage, .error)
            XCTAssertEqual(harness.main.errorText.title, SearchFailure.serverProblem(status: 500).title)
            XCTAssertEqual(harness.main.errorText.message, SearchFailure.serverProblem(status: 500).message)
            XCTAssertFalse(harness.main.isOfflineButtonVisible)
        }
    }

    func testUnreachableStoreOffersTheOfflineCatalog() throws {
        // Nothing listens on a port of a server that has stopped.
        let (server, base) = try Self.failingServer(status: 200)
        server.stop()
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            harness.search("tarkan")
            XCTAssertEqual(harness.main.visiblePage, .error)
            XCTAssertEqual(harness.main.errorText.title, "Can’t Reach the iTunes Store")
            XCTAssertTrue(harness.main.isOfflineButtonVisible)

            harness.main.offlineButton.click()
            harness.waitForSearch()
            XCTAssertTrue(harness.main.isOffline)
            XCTAssertEqual(harness.main.visiblePage, .results, "the same search ran against the catalog")
            XCTAssertTrue(harness.names.contains("Kuzu Kuzu"))
        }
    }

    func testStartingWithoutNetworkOffersTheOfflineCatalog() {
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: URL(string: "http://127.0.0.1:9")!, isNetworkAvailable: false)
            defer { harness.dispose() }
            XCTAssertEqual(harness.main.bannerText, "No network connection. The iTunes Store cannot be searched.")
            harness.main.clickBannerButton()  // Use Offline Catalog
            XCTAssertTrue(harness.main.isOffline)
            harness.search("tarkan")
            XCTAssertEqual(harness.main.visiblePage, .results)
        }
    }
}
