import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #43: the first Keep offers, once, in its notice, to watch prices in the background.
final class WindowBackgroundOfferTests: XCTestCase {
    private static let songs = Data(
        #"{"resultCount":2,"results":[{"wrapperType":"track","kind":"song","trackId":1,"trackName":"Kuzu Kuzu","artistName":"Tarkan","trackPrice":0.99,"currency":"USD"},{"wrapperType":"track","kind":"song","trackId":2,"trackName":"Dudu","artistName":"Tarkan","trackPrice":1.29,"currency":"USD"}]}"#
            .utf8)

    func testTheFirstKeepOffersTheBackgroundWatchOnce() throws {
        let server = CountingServer()
        server.route("/search") { _ in LocalServerResponse(body: Self.songs) }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let settings = Settings(schemaID: StoreSearchApp.applicationID, backend: Settings.MemoryBackend())
            XCTAssertNotNil(settings, "the schema is compiled into GSETTINGS_SCHEMA_DIR")
            // The switch as the session adds it (here a plain one: the real one writes an autostart entry).
            var flipped: [Bool] = []
            WindowHarness.application.addBoolAction(BackgroundWatch.key, state: false) { flipped.append($0) }
            let harness = WindowHarness(apiBase: base, appSettings: settings)
            defer { harness.dispose() }
            let main = harness.main
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            XCTAssertTrue(main.window.activateAction("win.keep"))  // Ctrl+D
            XCTAssertEqual(main.notices.text, "“Kuzu Kuzu” is kept: its price is checked while StoreSearch is open")
            XCTAssertEqual(settings?.bool(BackgroundWatchOffer.key), true, "offered once")
            main.notices.clickButton()  // Also When Closed
            XCTAssertEqual(flipped, [true], "the switch is turned on")

            harness.open("Dudu")
            XCTAssertTrue(main.window.activateAction("win.keep"))
            XCTAssertNotEqual(main.notices.text?.hasPrefix("“Dudu” is kept"), true, "not offered again")
        }
    }
}
