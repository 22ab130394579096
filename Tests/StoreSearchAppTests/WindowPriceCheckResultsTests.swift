import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchCore
import Synchronization
import XCTest
@testable import StoreSearchApp

/// Issue #42: a price check is a change of the items like any other (`Items.changed`, cause
/// `.priceCheck`): a kept item shown in the search results takes the new price at once, not at
/// the next search.
final class WindowPriceCheckResultsTests: XCTestCase {
    func testASearchResultsPriceFollowsAPriceCheck() throws {
        let search = """


            {"resultCount":1,"results":[\
            {"wrapperType":"track","kind":"song","trackId":1440857788,"trackName":"Kuzu Kuzu","artistName":"Tarkan","trackPrice":0.99,"collectionPrice":9.99,"currency":"USD"}]}
            """
        // At start the same price; at the check the 6-hour timer makes, a drop.
        try WindowPriceWatchTests.withKeptItems(answering: WindowPriceWatchTests.droppedAfterFirstLookup()) {
            server, paths in
            server.route("/search") { _ in LocalServerResponse(body: Data(search.utf8)) }
            try MainActor.assumeIsolated {
                let harness = WindowHarness(apiBase: server.baseURL!, paths: paths)
                defer { harness.dispose() }
                let main = harness.main
                XCTAssertTrue(
                    MainContext.spin(until: { server.requestCount(path: "/lookup") == 1 && !main.priceWatch.isChecking }
                    ))
                harness.search("tarkan")
                let row = { main.shownItems.first { $0.name == "Kuzu Kuzu" } }
                XCTAssertEqual(try XCTUnwrap(row()).price, Decimal(string: "0.99"))
                XCTAssertNil(try XCTUnwrap(row()).priceChange)

                main.priceWatch.check()
                XCTAssertTrue(
                    MainContext.spin(until: { row()?.price == Decimal(string: "0.49") }),
                    "the row kept \(String(describing: row()?.price)) after the check")
                XCTAssertNotNil(row()?.priceChange, "with the price it had")
                XCTAssertTrue(
                    MainContext.spin(until: { main.resultsList.mappedLabelTexts.contains("$0.49,\nwas\u{00A0}$0.99") }),
                    "\(main.resultsList.mappedLabelTexts)")
                XCTAssertEqual(server.requestCount(path: "/lookup"), 2)
            }
        }
    }
}
