import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import TestSupport
import XCTest
@testable import StoreSearchApp

/// Issue #14 in the real window: what bad answers and a newer item file do to what a user sees.
final class WindowHostileInputTests: XCTestCase {
    /// A store that answers every search with `body`.
    private static func server(answering body: Data) throws -> (CountingServer, URL) {
        let server = CountingServer()
        server.route("/search") { _ in LocalServerResponse(contentType: "text/javascript; charset=utf-8", body: body) }
        return (server, try server.start())
    }

    // Problem 3: "View in Store" opened file:, javascript:, ssh: and smb: links.
    func testRefusedLinksLeaveViewInStoreDisabledAndSayWhy() throws {
        let body = """
            {"resultCount":3,"results":[
            {"kind":"song","trackId":1,"trackName":"File Link","trackViewUrl":"file:///etc/passwd"},
            {"kind":"song","trackId":2,"trackName":"Script Link","trackViewUrl":"javascript:alert(1)"},
            {"kind":"song","trackId":3,"trackName":"Web Link","trackViewUrl":"https://music.apple.com/us/album/3"}]}
            """
        let (server, base) = try Self.server(answering: Data(body.utf8))
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            harness.search("links")
            harness.select("File Link")
            XCTAssertFalse(harness.form.ui.viewStoreButton.isSensitive)
            XCTAssertEqual(
                harness.form.ui.viewStoreButton.tooltip,
                "The store gave a “file:” link, not a web link, so StoreSearch does not open it.")
            harness.form.ui.viewStoreButton.click()  // an insensitive button's click reaches nothing
            XCTAssertNil(harness.form.item?.result.storeURL, "no link to hand to the desktop")
            harness.select("Script Link")
            XCTAssertFalse(harness.form.ui.viewStoreButton.isSensitive)
            XCTAssertEqual(
                harness.form.ui.viewStoreButton.tooltip,
                "The store gave a “javascript:” link, not a web link, so StoreSearch does not open it.")
            harness.select("Web Link")
            XCTAssertTrue(harness.form.ui.viewStoreButton.isSensitive)
            XCTAssertNil(harness.form.ui.viewStoreButton.tooltip)
        }
    }

    // Problem 10: one invalid byte refused all 200 records.
    func testAnInvalidByteInOneOfTwoHundredRecordsStillShowsTheOthers() throws {
        var body = try Data(
            contentsOf: MainLoop.repository.appending(path: "Tests/StoreSearchCoreTests/Fixtures/two-hundred.json"))
        body.replaceSubrange(
            try XCTUnwrap(body.range(of: Data("Track 042".utf8))), with: Array("Track ".utf8) + [0xFF, 0x34, 0x32])
        let (server, base) = try Self.server(answering: body)
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            harness.search("bad byte")
            XCTAssertEqual(harness.main.visiblePage, .results)
            XCTAssertGreaterThanOrEqual(harness.main.shownItems.count, 199)
            // then "(the store sends at most 200)"
            XCTAssertTrue(harness.main.countText.hasPrefix("200 results"), harness.main.countText)
        }
    }

    // Problem 8: a cut connection said "check your network connection" and offered the catalog.
    func testACutConnectionSaysSoOffersRetryAndNotTheOfflineCatalog() throws {
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            connection.writeHead(headers: ["Content-Type": "application/json"], contentLength: 50_000)
            connection.write("{\"resultCount\":200,\"results\":[{\"kind\":\"song\",")
            connection.close()
        }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            harness.search("cut")
            XCTAssertEqual(harness.main.visiblePage, .error)
            XCTAssertEqual(harness.main.errorText.title, "The Store’s Answer Was Cut Off")
            XCTAssertEqual(
                harness.main.errorText.message, "The connection closed before the whole answer arrived. Try again.")
            XCTAssertFalse(harness.main.isOfflineButtonVisible)
            XCTAssertTrue(harness.main.retryButton.isVisible)
            harness.main.retryButton.click()
            harness.waitForSearch()
            XCTAssertEqual(server.requestCount, 2, "Retry asks again")
        }
    }

    // Problem 5: a 100 KB name froze the window for 20 s.
    func testAHundredKilobyteNameIsShownCutAndWholeInTheDetail() throws {
        let long = String(repeating: "Long name ", count: 10_000)
        let server = CountingServer()
        server.route("/search") { request in
            let name = request.query["term"] == "long" ? long : "Short name"
            return LocalServerResponse(
                body: Data(
                    #"{"resultCount":1,"results":[{"kind":"song","trackId":1,"trackName":"\#(name)","artistName":"\#(name)"}]}"#
                        .utf8))
        }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            /// The longest main-loop stall while searching `term` and showing its result.
            @MainActor func stall(searching term: String) -> Duration {
                var longestStall = Duration.zero, last = ContinuousClock.now
                let probe = MainContext.every(.milliseconds(1)) {
                    let now = ContinuousClock.now
                    longestStall = max(longestStall, now - last)
                    last = now
                    return true
                }
                harness.search(term)
                harness.main.resultsList.selectedIndex = 0
                MainContext.spin(until: { false }, timeout: .milliseconds(300))
                probe.cancel()
                return longestStall
            }
            let baseline = stall(searching: "short")
            let longStall = stall(searching: "long")
            XCTAssertEqual(harness.main.shownItems.first?.name.unicodeScalars.count, TextBounds.name)
            XCTAssertEqual(harness.form.ui.nameEntry.text.unicodeScalars.count, TextBounds.name)
            XCTAssertTrue(
                harness.form.summary.label.text.hasPrefix("Name: Long name Long name"), "the whole name is readable")
            // Reported, not asserted (timing): the issue measured 20 s before the bounds.
            print(
                "WindowHostileInputTests: longest main-loop stall showing a 100 KB name: \(longStall) (a short name: \(baseline))"
            )
        }
    }

    // Problem 2: a newer file and its backup were replaced after the window said "left untouched".
    func testANewerItemFileAndItsBackupSurviveTwoSessions() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        let paths = WindowHarness.temporaryPaths()
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        let file = paths.dataDirectory.appending(path: "items.plist"),
            backup = paths.dataDirectory.appending(path: "items.plist.bak")
        func future(_ label: String) -> Data {
            Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                \t<key>cloudAccountIdentifierSortingFirst</key>
                \t<string>\(String(repeating: label, count: 3000))</string>
                \t<key>formatVersion</key>
                \t<integer>33</integer>
                \t<key>items</key>
                \t<array/>
                </dict>
                </plist>
                """.utf8)
        }
        try future("f").write(to: file)
        try future("b").write(to: backup)
        MainActor.assumeIsolated {
            for session in 1...2 {
                let harness = WindowHarness(apiBase: base, paths: paths)
                defer { harness.dispose() }
                XCTAssertTrue(
                    harness.main.bannerText?.contains("newer version of StoreSearch (format 33)") == true,
                    "session \(session): \(harness.main.bannerText ?? "no banner")")
                harness.search("tarkan")
                harness.select("Kuzu Kuzu")  // marks it visited: a change to save
                harness.type("Kuzu Kuzu (Live)", into: harness.form.ui.nameEntry)
                harness.main.window.close()
                guard let dialog = harness.main.saveFailureDialog else {
                    return XCTFail("session \(session): closing must say the change cannot be saved")
                }
                XCTAssertTrue(dialog.detail?.contains("left untouched") == true, dialog.detail ?? "")
                dialog.respond(2)  // Close Without Saving
                XCTAssertTrue(MainContext.spin(until: { !harness.main.window.isVisible }))
            }
        }
        XCTAssertEqual(try Data(contentsOf: file), future("f"))
        XCTAssertEqual(try Data(contentsOf: backup), future("b"))
    }
}
