import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

final class WindowLaunchTests: XCTestCase {
    /// The real application: it opens the window with the named controls, and closing the
    /// window ends `run`.
    func testWindowShowsNamedControlsAndClosingItEndsTheApp() {
        MainActor.assumeIsolated {
            var checked = false
            let status = StoreSearchApp.run(LaunchOptions(), paths: WindowHarness.temporaryPaths()) { main in
                MainContext.after(.milliseconds(100)) {
                    XCTAssertTrue(main.window.isVisible)
                    XCTAssertEqual(main.window.title, "StoreSearch")
                    let entry = main.window.descendant(accessibleLabel: "Search the Store")
                    XCTAssertEqual(entry?.widget, main.searchEntry.widget)
                    XCTAssertTrue(main.searchEntry.containsFocus, "the search entry has focus at start")
                    let dropDown = main.window.descendant(accessibleLabel: "Category")
                    XCTAssertEqual(dropDown?.widget, main.categoryDropDown.widget)
                    XCTAssertEqual(
                        main.categoryDropDown.items,
                        ["All", "Music", "Software", "E-books", "Movies", "Podcasts", "Audiobooks"])
                    XCTAssertEqual(main.visiblePage, .hint)
                    // The entry rows are named by their titles only (an accessible label on top
                    // made the bus say "Name Name", #21).
                    XCTAssertEqual(
                        [main.detail.ui.nameEntry, main.detail.ui.artistEntry, main.detail.ui.priceEntry].map(\.title),
                        ["Name", "Artist", "Price"])
                    for name in [
                        "Results", "Release Date", "Notes",
                        "Change Date", "View in Store", "Hide Item", "Revert Changes",
                    ] {
                        XCTAssertNotNil(main.window.descendant(accessibleLabel: name), "nothing is named \(name)")
                    }
                    XCTAssertNil(main.window.descendant(accessibleLabel: "No Such Control"))
                    checked = true
                    main.window.close()
                }
            }
            XCTAssertTrue(checked, "the window never opened")
            XCTAssertEqual(status, 0)
        }
    }
}
