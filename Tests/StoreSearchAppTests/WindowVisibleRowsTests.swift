import Foundation
import Gtk
import GtkTesting
import XCTest
@testable import StoreSearchApp

/// Issue #21: the artwork scheduler counts as visible exactly the rows that have a pixel on screen,
/// at two window heights and scrolled to the middle, so rows below the fold do not compete with
/// visible ones for the first requests.
final class WindowVisibleRowsTests: XCTestCase {
    func testTheVisibleRowsAreTheRowsOnScreenAtTwoWindowSizes() throws {
        for height in [700, 450] {
            try WindowHarness.withCatalogWindow(size: (width: 1024, height: height)) { harness in
                harness.search("a")
                XCTAssertEqual(harness.main.shownItems.count, 200)
                let list = harness.main.resultsList
                let scroller = try XCTUnwrap(list.parent)
                for offset in [0.0, 40 * 62.5] {
                    ScrolledWindow(retaining: UnsafeMutableRawPointer(scroller.widget)).verticalOffset = offset
                    MainContext.spin(until: { false }, timeout: .milliseconds(200))  // laid out at the new offset
                    let onScreen = Self.rowsOnScreen(of: list, in: scroller)
                    XCTAssertGreaterThan(onScreen.count, 3)
                    let counted = try XCTUnwrap(harness.main.results.views.listViewport.visibleRows())
                    XCTAssertEqual(counted, onScreen, "window height \(height), scrolled to \(offset)")
                }
            }
        }
    }

    /// The rows whose widgets have at least one pixel inside the scrolled window (children of a
    /// GtkListView are in row order; it unmaps the rows it does not show).
    @MainActor private static func rowsOnScreen(of list: Widget, in scroller: Widget) -> ClosedRange<Int> {
        var rows: [Int] = []
        for (index, row) in list.children.enumerated() {
            guard row.isMapped, let bounds = row.bounds(in: scroller), bounds.height > 0 else { continue }
            if bounds.y + bounds.height > 0 && bounds.y < Double(scroller.allocatedHeight) { rows.append(index) }
        }
        return rows.min()!...rows.max()!
    }
}
