import Foundation
import Gtk
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
}
