import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #24: text with no break points, from the store's answer, can neither crash the window
/// (X's BadAlloc once a label asked for a window wider than X allows) nor push it off screen.
final class WindowLongTextTests: XCTestCase {
    private static func record(_ id: Int, _ name: String, description: String = "", link: String? = nil) -> [String:
        Any]
    {
        var record: [String: Any] = [
            "wrapperType": "track", "kind": "song", "trackId": id, "trackName": name,
            "artistName": "Artist", "description": description,
        ]
        if let link { record["trackViewUrl"] = link }
        return record
    }

    /// A 1000×700 window over a store that answers every search with `records`.
    private static func withWindow(answering records: [[String: Any]], _ body: @MainActor (WindowHarness) -> Void)
        throws
    {
        let answer = try JSONSerialization.data(withJSONObject: ["resultCount": records.count, "results": records])
        try WindowHarness.withWindow(answeringSearches: answer, size: (1000, 700), body)
    }

    func testSelectingResultsWithUnbreakableTextKeepsTheWindowOnAScreenAndItsButtonsReachable() throws {
        let records = [
            Self.record(1, "Angles 3000", description: String(repeating: "<", count: 3000)),
            Self.record(2, "Angles 200000", description: String(repeating: "<", count: 200_000)),
            Self.record(3, "Xs 3000", description: String(repeating: "x", count: 3000)),
            Self.record(
                4, "Link 1000", link: "https://music.apple.com/us/album/" + String(repeating: "a", count: 1000)),
            Self.record(
                5, "Link 5000", link: "https://music.apple.com/us/album/" + String(repeating: "b", count: 5000)),
            Self.record(6, "Long Name " + String(repeating: "n", count: 3000)),
        ]
        let count = records.count
        try Self.withWindow(answering: records) { harness in
            harness.search(String(repeating: "w", count: 3000))  // a term the page names in full
            XCTAssertLessThanOrEqual(harness.main.window.allocatedWidth, 1280)
            harness.search("long")
            XCTAssertEqual(harness.main.shownItems.count, count)
            for name in harness.names {
                harness.select(name)
                XCTAssertEqual(harness.form.item?.name, name)
                _ = MainContext.spin(until: { false }, timeout: .milliseconds(300))  // let it lay out
                let window = harness.main.window
                XCTAssertTrue(window.isVisible, name)
                XCTAssertLessThanOrEqual(window.allocatedWidth, 1280, name)
                XCTAssertLessThanOrEqual(window.allocatedHeight, 800, name)
                for button in [harness.form.ui.viewStoreButton, harness.form.ui.hideButton, harness.main.menuButton]
                    as [Widget]
                {
                    guard let frame = button.bounds(in: window) else {
                        XCTFail("\(name): a button has no place"); continue
                    }
                    XCTAssertGreaterThanOrEqual(frame.x, 0, name)
                    XCTAssertLessThanOrEqual(frame.x + frame.width, Double(window.allocatedWidth), name)
                    XCTAssertLessThanOrEqual(frame.y + frame.height, Double(window.allocatedHeight), name)
                }
            }
        }
    }

    /// Issue #45: Tab out of Notes selected the whole description (GTK selects a selectable label's
    /// text when it takes the focus). The description takes the focus with nothing selected.
    func testTabOutOfNotesLeavesTheDescriptionUnselected() throws {
        try Self.withWindow(answering: [Self.record(1, "Short", description: "A few words.")]) { harness in
            harness.search("short")
            harness.select("Short")
            XCTAssertTrue(harness.form.ui.notesView.grabFocus())
            XCTAssertTrue(harness.main.window.childFocus())  // Tab
            let label = harness.form.summary.label
            XCTAssertTrue(label.hasFocus, "Tab from Notes goes to the description")
            XCTAssertFalse(label.hasSelection, "none of it selected")
        }
    }

    /// Issue #31: a 20,000-character word in a description froze the window for 4–7 s when its row
    /// was selected. The detail shows a bounded start of it, and Show More the rest.
    func testAWordOfTwentyThousandCharactersShowsABoundedStartAndShowMore() throws {
        let word = String(repeating: "w", count: 20_000)
        let records = [
            Self.record(1, "Short", description: "A few words."), Self.record(2, "Word", description: "Begins " + word),
            Self.record(3, "Name " + String(repeating: "n", count: 100_000)),
        ]
        try Self.withWindow(answering: records) { harness in
            harness.search("word")
            harness.select("Short")
            _ = MainContext.spin(until: { false }, timeout: .milliseconds(300))
            XCTAssertEqual(harness.form.summary.label.text, "A few words.")
            XCTAssertFalse(harness.form.summary.moreButton.isVisible, "nothing more to show")
            for name in harness.names where name != "Short" {
                let start = Date()
                harness.select(name)
                _ = MainContext.spin(until: { false }, timeout: .milliseconds(300))  // a frame is drawn within it
                let elapsed = Date().timeIntervalSince(start) - 0.3
                print(
                    "Selecting “\(name.prefix(12))…” to its detail drawn: \(Int(elapsed * 1000)) ms over the 300 ms wait"
                )
                let shown = harness.form.summary.label.text
                XCTAssertLessThanOrEqual(shown.unicodeScalars.count, 1_000, "a bounded start")
                XCTAssertTrue(harness.form.summary.moreButton.isVisible)
                let expanding = Date()
                harness.form.summary.moreButton.click()
                _ = MainContext.spin(until: { false }, timeout: .milliseconds(300))
                print(
                    "Show More to the whole text drawn: \(Int((Date().timeIntervalSince(expanding) - 0.3) * 1000)) ms over the 300 ms wait"
                )
                XCTAssertGreaterThan(harness.form.summary.label.text.unicodeScalars.count, 5_000, "the rest")
                XCTAssertEqual(harness.form.summary.moreButton.label, "Show Less")
            }
            harness.select("Word")
            XCTAssertLessThanOrEqual(
                harness.form.summary.label.text.unicodeScalars.count, 1_000, "another item starts short again")
        }
    }

    /// Issue #24: a recovery notice was a toast that cut its end off; it is a banner that wraps.
    func testTheRecoveryNoticeIsShownWholeUntilDismissed() throws {
        let paths = WindowHarness.temporaryPaths()
        let file = ItemStoreFile(paths: paths)
        var store = ItemStore()
        store.setEdits(ItemEdits(notes: "kept"), for: SearchResult(id: "track:1", name: "Song", kind: .song))
        try file.save(store)
        try file.save(store)
        try Data("<plist><dict><key>formatVer".utf8).write(to: file.url)
        try WindowHarness.withCatalogWindow(paths: paths, size: (400, 700)) { harness in
            let notice = try XCTUnwrap(harness.main.bannerText)
            XCTAssertTrue(notice.hasSuffix("your items were restored from the last backup."), notice)
            XCTAssertTrue(
                MainContext.spin(until: { harness.main.window.mappedLabelTexts.contains(notice) }),
                "the whole text is on screen")
            XCTAssertLessThanOrEqual(harness.main.window.allocatedWidth, 1280)
            _ = MainContext.spin(until: { false }, timeout: .milliseconds(500))
            XCTAssertEqual(harness.main.bannerText, notice, "it stays until dismissed")
            // its × (a temporary wrapper's handler was gone)
            (harness.main.window.descendant(accessibleLabel: "Dismiss").map { Button(retaining: $0.widget) })?.click()
            XCTAssertNil(harness.main.bannerText)
            XCTAssertTrue(
                MainContext.spin(until: { !harness.main.window.mappedLabelTexts.contains(notice) }),
                "the banner is gone")
        }
    }

    /// Issue #22: a NUL in a name cut it short on screen ("Nul"): GTK takes C strings.
    func testANameWithNULAndControlCharactersShowsWhole() throws {
        let body = Data(
            #"{"resultCount":1,"results":[{"kind":"song","trackId":1,"trackName":"Nul\u0000Name\u0007End","artistName":"A\u0000B"}]}"#
                .utf8)
        let server = CountingServer()
        server.route("/search") { _ in LocalServerResponse(body: body) }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            harness.search("nul")
            XCTAssertEqual(harness.names, ["Nul\u{FFFD}Name\u{FFFD}End"])
            harness.select(harness.names[0])
            XCTAssertEqual(harness.form.ui.nameEntry.text, "Nul\u{FFFD}Name\u{FFFD}End", "the whole name reaches GTK")
            XCTAssertEqual(harness.form.ui.artistEntry.text, "A\u{FFFD}B")
        }
    }
}
