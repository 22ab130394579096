import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #19: the detail shows what the store's page shows for the item's kind, read-only.
final class WindowStoreDetailsTests: XCTestCase {
    static let body = """

        {"resultCount":3,"results":[
        {"wrapperType":"track","kind":"song","trackId":1,"trackName":"Song","artistName":"Band","collectionName":"The Album","trackNumber":3,"trackCount":12,"discNumber":1,"discCount":1,"trackTimeMillis":225000,"trackExplicitness":"explicit","trackPrice":1.29,"currency":"USD"},
        {"wrapperType":"software","kind":"software","trackId":2,"trackName":"Some App","artistName":"Maker","sellerName":"Maker Inc.","price":2.99,"currency":"USD","averageUserRating":4.4,"userRatingCount":1234,"version":"2.1","currentVersionReleaseDate":"2024-03-03T08:00:00Z","releaseNotes":"<p>Fixes &amp; speed.</p>","fileSizeBytes":"52428800","supportedDevices":["iPhone15-iPhone15","iPadPro-iPadPro"],"trackContentRating":"4+","screenshotUrls":["https://example.com/s1.png"]},
        {"wrapperType":"track","kind":"tv-episode","trackId":3,"trackName":"Pilot","artistName":"Show","collectionName":"Show, Season 1","trackNumber":1,"trackTimeMillis":3723000,"contentAdvisoryRating":"TV-14","trackPrice":-1,"collectionPrice":19.99,"currency":"USD"}]}
        """

    /// The window over a store that answers every search with `body`, its results on screen.
    private static func withDetailsSearched(_ body: @MainActor (WindowHarness) throws -> Void) throws {
        let server = CountingServer()
        server.route("/search") { _ in LocalServerResponse(body: Data(Self.body.utf8)) }
        let base = try server.start()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            harness.search("details")
            try body(harness)
        }
    }

    func testEachKindShowsItsStoreDetails() throws {
        try Self.withDetailsSearched { harness in
            let expected: [String: [String]] = [
                "Song": ["Album", "The Album", "Track", "3 of 12", "Duration", "3:45", "Lyrics", "Explicit"],
                "Some App": [
                    "Rating", "★★★★☆ 4.4 (1,234 ratings)", "Platform", "iPhone App, iPad App", "Version",
                    "2.1 (Mar 3, 2024)",
                    "Size", formatSize(52_428_800), "Seller", "Maker Inc.", "Content Rating", "4+",
                    "What’s new: Fixes & speed.",
                ],
                "Pilot": [
                    "Season", "Show, Season 1", "Duration", "1:02:03", "Content Rating", "TV-14",
                    "Bundle Only · $19.99",
                ],
            ]
            for (name, texts) in expected {
                harness.select(name)
                XCTAssertTrue(
                    MainContext.spin(until: { Set(texts).isSubset(of: harness.form.ui.detailStack.mappedLabelTexts) }),
                    "\(name): \(Set(texts).subtracting(harness.form.ui.detailStack.mappedLabelTexts))")
            }
            XCTAssertTrue(formatSize(52_428_800).hasPrefix("52.4"), "GLib's size: \(formatSize(52_428_800))")
            harness.select("Pilot")
            XCTAssertEqual(harness.form.ui.priceEntry.text, "", "a bundle-only episode has no price of its own to edit")
        }
    }

    /// Issue #42: the open item's own edit updates what it changed; the store's details beside it
    /// are not made again (they were rebuilt, rows and screenshots, at every edit committed).
    func testAnEditOfTheOpenItemKeepsItsStoreDetailRows() throws {
        try Self.withDetailsSearched { harness in
            harness.select("Song")
            let rows = harness.form.storeDetailRows
            XCTAssertEqual(rows.count, 4, "album, track, duration, lyrics")
            guard let song = harness.form.item else { return XCTFail("nothing open") }
            harness.main.items.record(
                ItemChange(result: song.result, kind: .edits(before: ItemEdits(), after: ItemEdits(name: "Renamed"))))
            XCTAssertEqual(harness.form.ui.nameEntry.text, "Renamed", "the form follows the edit")
            XCTAssertTrue(zip(harness.form.storeDetailRows, rows).allSatisfy { $0 === $1 }, "the same rows")
            XCTAssertEqual(harness.form.storeDetailRows.count, rows.count)
            harness.select("Some App")
            XCTAssertFalse(harness.form.storeDetailRows.contains { $0 === rows[0] }, "another item: its own rows")
        }
    }
}
