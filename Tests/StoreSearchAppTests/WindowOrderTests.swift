import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #19: results keep the store's ranking unless the user picks another order, which
/// applies to list and grid alike and is remembered.
final class WindowOrderTests: XCTestCase {
    func testRowsKeepTheStoresOrderAndEachSortIsAppliedAndRemembered() throws {
        let body = """
            {"resultCount":4,"results":[
            {"kind":"song","trackId":1,"trackName":"Best","artistName":"Zed","trackPrice":1.29,"currency":"USD","releaseDate":"2001-01-01T00:00:00Z"},
            {"kind":"song","trackId":2,"trackName":"Another","artistName":"Bea","trackPrice":0.69,"currency":"USD","releaseDate":"2020-01-01T00:00:00Z"},
            {"kind":"song","trackId":3,"trackName":"Cheap","artistName":"Amy","trackPrice":-1,"collectionPrice":9.99,"currency":"USD"},
            {"kind":"song","trackId":4,"trackName":"Dear","artistName":"Cid","trackPrice":0.99,"currency":"USD","releaseDate":"2010-01-01T00:00:00Z"}]}
            """
        let server = CountingServer()
        server.route("/search") { _ in LocalServerResponse(body: Data(body.utf8)) }
        let base = try server.start()
        defer { server.stop() }
        let settings = MainActor.assumeIsolated { Settings.MemoryBackend() }
        let paths = WindowHarness.temporaryPaths()
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, paths: paths, settings: settings)
            defer { harness.dispose() }
            harness.search("order")
            XCTAssertEqual(harness.names, ["Best", "Another", "Cheap", "Dear"], "Best Match: the answer's order")
            let expected: [(String, [String])] = [
                ("name", ["Another", "Best", "Cheap", "Dear"]), ("artist", ["Cheap", "Another", "Dear", "Best"]),
                ("price", ["Another", "Dear", "Best", "Cheap"]),
                ("release-date", ["Another", "Dear", "Best", "Cheap"]),
                ("best-match", ["Best", "Another", "Cheap", "Dear"]), ("artist", ["Cheap", "Another", "Dear", "Best"]),
            ]
            for (order, names) in expected {
                XCTAssertTrue(harness.main.window.activateAction("win.sort", string: order), order)
                harness.waitForSearch()
                XCTAssertEqual(harness.names, names, order)
            }
            XCTAssertTrue(harness.close())
        }
        MainActor.assumeIsolated {
            let relaunched = WindowHarness(apiBase: base, paths: paths, settings: settings)
            defer { relaunched.dispose() }
            relaunched.search("order")
            XCTAssertEqual(relaunched.names, ["Cheap", "Another", "Dear", "Best"], "the chosen order is remembered")
        }
    }
}
