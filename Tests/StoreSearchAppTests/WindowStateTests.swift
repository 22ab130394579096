import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// The window's size and the list/grid choice come back at the next launch (GSettings).
final class WindowStateTests: XCTestCase {
    func testSizeAndViewModeComeBackAfterRelaunch() throws {
        let settings = MainActor.assumeIsolated { Gtk.Settings.MemoryBackend() }
        let paths = WindowHarness.temporaryPaths()
        MainActor.assumeIsolated {
            let harness = WindowHarness(
                apiBase: URL(string: "http://127.0.0.1:9")!, paths: paths, settings: settings,
                size: (900, 650))
            defer { harness.dispose() }
            XCTAssertTrue(harness.main.state.isRemembering, "the schema is found (GSETTINGS_SCHEMA_DIR)")
            // The allocation is the size less the window's frame (a few pixels).
            XCTAssertTrue(
                MainContext.spin(until: { abs(harness.main.window.allocatedWidth - 900) <= 20 }),
                "\(harness.main.window.allocatedWidth)")
            harness.main.gridViewButton.click()
            XCTAssertTrue(harness.close())
        }
        MainActor.assumeIsolated {
            let relaunched = WindowHarness(
                apiBase: URL(string: "http://127.0.0.1:9")!, paths: paths, settings: settings)
            defer { relaunched.dispose() }
            XCTAssertTrue(relaunched.main.window.defaultSize == (900, 650), "\(relaunched.main.window.defaultSize)")
            XCTAssertTrue(
                MainContext.spin(until: { abs(relaunched.main.window.allocatedWidth - 900) <= 20 }),
                "opens at the size it had")
            XCTAssertEqual(relaunched.main.viewMode, "grid")
            XCTAssertTrue(relaunched.main.gridViewButton.isActive)
        }
        MainActor.assumeIsolated {
            let fresh = WindowHarness(apiBase: URL(string: "http://127.0.0.1:9")!, paths: paths)
            defer { fresh.dispose() }
            XCTAssertEqual(fresh.main.viewMode, "list", "other settings, other state")
            XCTAssertTrue(fresh.main.window.defaultSize == (1040, 720))
        }
    }

    /// Logout or SIGTERM ends the session without a close request: the size is kept all the same.
    func testTheSizeIsKeptWhenTheSessionEnds() throws {
        let settings = MainActor.assumeIsolated { Gtk.Settings.MemoryBackend() }
        let paths = WindowHarness.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory.deletingLastPathComponent()) }
        MainActor.assumeIsolated {
            let harness = WindowHarness(
                apiBase: URL(string: "http://127.0.0.1:9")!, paths: paths, settings: settings, size: (900, 650))
            XCTAssertTrue(MainContext.spin(until: { abs(harness.main.window.allocatedWidth - 900) <= 20 }))
            harness.main.saveBeforeExit()
            harness.dispose()  // destroyed, as the process ends: no close request
        }
        MainActor.assumeIsolated {
            let relaunched = WindowHarness(
                apiBase: URL(string: "http://127.0.0.1:9")!, paths: paths, settings: settings)
            defer { relaunched.dispose() }
            XCTAssertTrue(relaunched.main.window.defaultSize == (900, 650), "\(relaunched.main.window.defaultSize)")
        }
    }
}
