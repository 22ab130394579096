import Adw
import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// GNOME's window chrome: the primary menu, About, Keyboard Shortcuts and the accelerators.
final class WindowChromeTests: XCTestCase {
    func testPrimaryMenuHoldsHiddenItemsShortcutsHelpAndAbout() {
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: URL(string: "http://127.0.0.1:9")!)
            defer { harness.dispose() }
            let menu = harness.main.menuButton
            XCTAssertEqual(harness.main.window.descendant(accessibleLabel: "Main Menu")?.widget, menu.widget)
            XCTAssertTrue(menu.isPrimary, "F10 opens it")
            XCTAssertEqual(
                menu.menuItems.map(\.label),
                [
                    "List View", "Grid View", "Hidden Items", "Export My Items…", "Price Drops",
                    "Notify About Price Drops", "Watch Prices in the Background", "Keyboard Shortcuts", "Help",
                    "About StoreSearch",
                ])
            XCTAssertEqual(
                menu.menuItems.map(\.action),
                [
                    "win.view-mode", "win.view-mode", "win.hidden-items", "win.export", "win.price-drops",
                    "win.notify-price-drops", "app.watch-in-background", "win.show-help-overlay", "app.help",
                    "win.about",
                ])
        }
    }

    func testAboutAndKeyboardShortcutsOpen() {
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: URL(string: "http://127.0.0.1:9")!)
            defer { harness.dispose() }
            let main = harness.main
            let application = WindowHarness.application
            XCTAssertEqual(application.actions(forAccelerator: "<Control>question"), ["win.show-help-overlay"])
            XCTAssertEqual(application.actions(forAccelerator: "<Control>f"), ["win.focus-search"])
            XCTAssertEqual(application.actions(forAccelerator: "<Control>w"), ["win.close"])
            XCTAssertEqual(application.actions(forAccelerator: "<Control>q"), ["app.quit"])
            XCTAssertEqual(application.actions(forAccelerator: "F1"), ["app.help"])
            XCTAssertEqual(application.actions(forAccelerator: "<Control>z"), ["win.undo"])

            harness.pressKeys("ctrl+question")
            XCTAssertTrue(
                MainContext.spin(until: { main.shortcutsWindow?.isVisible == true }), "Ctrl+? shows the shortcuts")
            XCTAssertEqual(main.shortcutsWindow?.title, "Keyboard Shortcuts", "not the program's name (issue #30)")
            main.shortcutsWindow?.close()
            XCTAssertTrue(MainContext.spin(until: { main.shortcutsWindow?.isVisible == false }))

            XCTAssertTrue(main.window.activateAction("win.about"))
            let about = main.aboutWindow
            XCTAssertEqual(about?.isVisible, true, "About StoreSearch opens")
            XCTAssertEqual(about?.details.version, StoreSearchApp.version)
            XCTAssertEqual(about?.details.license, .mit)
            about?.destroy()

            main.searchEntry.text = "gone"
            main.detail.ui.nameEntry.grabFocus()
            harness.pressKeys("ctrl+f")
            XCTAssertTrue(
                MainContext.spin(until: { main.searchEntry.containsFocus }), "Ctrl+F goes to the search entry")
        }
    }

    func testControlWClosesAndSaves() throws {
        try WindowHarness.withCatalogWindow { harness in
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            harness.form.ui.nameEntry.grabFocus()
            harness.form.ui.nameEntry.text = "Kuzu Kuzu (typed)"
            harness.pressKeys("ctrl+w")
            XCTAssertTrue(MainContext.spin(until: { !harness.main.window.isVisible }), "Ctrl+W closes the window")
            XCTAssertEqual(
                try harness.savedStore().records.values.first?.edits.name, "Kuzu Kuzu (typed)", "typing is saved")
        }
    }
}
