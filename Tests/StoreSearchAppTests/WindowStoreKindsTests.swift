import Foundation
import Gtk
import GtkTesting
import HTTP
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #30: each kind as the store sends it, in the window: artists, podcasts, half stars and
/// album-only songs kept in My Items. The answers are the Core tests' fixtures (the real shape).
final class WindowStoreKindsTests: XCTestCase {
    private static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: MainLoop.repository.appending(path: "Tests/StoreSearchCoreTests/Fixtures/\(name)"))
    }

    /// One answer of several fixtures' records, as the store answers a search of all kinds.
    private static func merged(_ names: String...) throws -> Data {
        let records = try names.flatMap { name in
            try XCTUnwrap(
                (try JSONSerialization.jsonObject(with: fixture(name)) as? [String: Any])?["results"] as? [Any])
        }
        return try JSONSerialization.data(withJSONObject: ["resultCount": records.count, "results": records])
    }

    func testAnArtistIsARowOfItsOwnAndItsLinkOpensIt() throws {
        let (answer, artist) = (try Self.fixture("artist-albums.json"), try Self.fixture("artist.json"))
        try WindowHarness.withWindow(
            answeringSearches: answer,
            routes: { server in
                server.route("/lookup") { request in
                    // The artist's record alone; with an entity (issue #34: the link lands on the page), their albums.
                    let body = request.query["entity"] != nil ? answer : artist
                    return LocalServerResponse(
                        body: request.query["id"] == "1800000" ? body : Data(#"{"resultCount":0,"results":[]}"#.utf8))
                }
            }
        ) { harness in
            harness.search("jack johnsen")
            XCTAssertEqual(
                harness.names, ["Jack Johnsen", "Album 0", "Album 1", "Album 2"], "all four records, the artist first")
            XCTAssertTrue(
                MainContext.spin(until: { harness.main.resultsList.mappedIconNames.first == "avatar-default-symbolic" }
                ),
                "a person where the artist has no artwork: \(harness.main.resultsList.mappedIconNames)")
            XCTAssertNotNil(
                harness.main.resultsList.descendant(accessibleLabel: "Jack Johnsen, Artist"),
                "its kind, by no one (not \"Unknown\")")

            harness.main.results.select(0)  // as the arrow keys select it (a click opens the artist's page)
            XCTAssertEqual(harness.form.item?.result.kind, .artist)
            XCTAssertTrue(
                harness.form.ui.artworkStack.mappedIconNames.contains("avatar-default-symbolic"),
                "the detail's placeholder too")

            // Issue #34: the artist's link lands on the artist's page (it said the item did not exist before #30).
            _ = harness.main.handleSecondLaunch(arguments: ["https://music.apple.com/us/artist/jack-johnsen/1800000"])
            XCTAssertTrue(
                MainContext.spin(until: {
                    harness.main.visiblePage == .results && harness.names == ["Album 0", "Album 1", "Album 2"]
                }),
                "\(harness.main.errorText) \(harness.names)")
            XCTAssertEqual(harness.main.window.title, "StoreSearch", "the window keeps its name (DESIGN.md §4)")
            XCTAssertEqual(harness.main.browse.pageTitle, "Jack Johnsen", "the bar says where the user is")
        }
    }

    func testAPodcastIsNeverRentedAndHalfStarsAreSpokenAsWords() throws {
        let answer = try Self.merged("podcast.json", "software.json")
        try WindowHarness.withWindow(answeringSearches: answer) { harness in
            harness.search("night")
            harness.select("Swift by Night")
            XCTAssertTrue(
                MainContext.spin(until: { harness.form.ui.detailStack.mappedLabelTexts.contains("Episodes") }))
            let texts = harness.form.ui.detailStack.mappedLabelTexts
            XCTAssertTrue(texts.contains("150"), "its episode count")
            XCTAssertFalse(texts.contains { $0.contains("Rent") || $0.contains("HD Buy") }, "\(texts)")
            XCTAssertFalse(texts.contains("Lyrics"))
            XCTAssertFalse(
                harness.main.resultsList.mappedLabelTexts.contains { $0.contains("Rent") }, "the row says Free")

            harness.select("Notepad Pro")
            XCTAssertTrue(
                MainContext.spin(until: {
                    harness.form.ui.detailStack.mappedLabelTexts.contains("★★★★☆ 4.5 (3,001 ratings)")
                }),
                "\(harness.form.ui.detailStack.mappedLabelTexts)")
            XCTAssertNotNil(
                harness.form.ui.detailStack.descendant(accessibleLabel: "4.5 out of 5 stars, 3,001 ratings"),
                "words, not stars")
        }
    }

    /// Issue #45: an album-only price wrapped to three lines in My Items ("Album / Only · /
    /// ¥2,750") where search showed one, and at 360 px a dropped one cut the name to "stay …".
    /// It breaks only after its "·": one line where there is room, and the name keeps its room.
    func testAnAlbumOnlyPriceInMyItemsKeepsItsWordsTogetherAndLeavesTheNameRoom() throws {
        let name = "Hidden Track to Stay Awake"
        let answer = Data(
            String(decoding: try Self.fixture("album-only.json"), as: UTF8.self)
                .replacingOccurrences(of: "\"trackName\": \"Hidden Track\"", with: "\"trackName\": \"\(name)\"").utf8)
        try WindowHarness.withWindow(answeringSearches: answer) { harness in
            harness.search("hidden track")
            harness.open(name)
            XCTAssertTrue(harness.main.window.activateAction("win.keep"))
            let result = try XCTUnwrap(harness.main.resultsList.selectedElement?.result)
            harness.main.myItems.showPage(myItems: true)
            let list = harness.main.myItems.page.views.list
            // The price as shown, its no-break spaces read as spaces.
            @MainActor func shown(_ text: String) -> String? {
                list.mappedLabelTexts.first { $0.replacingOccurrences(of: "\u{00A0}", with: " ") == text }
            }
            XCTAssertTrue(MainContext.spin(until: { shown("Album Only · $9.99") != nil }), "\(list.mappedLabelTexts)")
            let price = try XCTUnwrap(shown("Album Only · $9.99"))
            MainContext.spin(until: { false }, timeout: .milliseconds(300))  // laid out
            XCTAssertEqual(list.lineCount(ofLabelShowing: price), 1, "on one line, as search shows it")

            // The album's price falls; at a phone's width the name keeps its room.
            var cheaper = result
            cheaper.offers?.collectionPrice = 7.99
            let items = harness.environment.items
            items.pricesChecked(items.takePriceCheck([cheaper], missing: []).ids)
            harness.resize(width: 360, height: 640)
            XCTAssertTrue(MainContext.spin(until: { list.allocatedWidth < 400 && list.allocatedWidth > 0 }))
            MainContext.spin(until: { false }, timeout: .milliseconds(300))
            XCTAssertTrue(
                MainContext.spin(until: { shown("Album Only ·\n$7.99,\nwas $9.99") != nil }), "\(list.mappedLabelTexts)"
            )
            let width = try XCTUnwrap(list.allocatedWidth(ofTextShowing: name))
            XCTAssertGreaterThanOrEqual(width, 120, "the name is not cut to a few letters")
        }
    }

    /// Issue #45: beside a long collection name the podcast's "Collection" row title was broken
    /// inside the word ("Colle-ction"); it wraps between words only, and the value gives way.
    func testARowTitleBesideALongValueIsNotBrokenInsideAWord() throws {
        let answer = Data(
            String(decoding: try Self.fixture("podcast.json"), as: UTF8.self)
                .replacingOccurrences(
                    of: "\"collectionName\": \"Swift by Night\"",
                    with: "\"collectionName\": \"Swift by Night: Conversations About Code After Dark\""
                ).utf8)
        try WindowHarness.withWindow(answeringSearches: answer) { harness in
            harness.search("night")
            harness.select("Swift by Night")
            let detail = harness.form.ui.detailStack
            XCTAssertTrue(MainContext.spin(until: { detail.lineCount(ofLabelShowing: "Collection") != nil }))
            for width in [1024, 360] {
                harness.resize(width: width, height: 700)
                MainContext.spin(until: { false }, timeout: .milliseconds(500))  // folded
                if harness.main.isFolded { harness.main.layout.showDetail() }
                XCTAssertTrue(MainContext.spin(until: { detail.lineCount(ofLabelShowing: "Collection") != nil }))
                MainContext.spin(until: { false }, timeout: .milliseconds(300))  // laid out
                XCTAssertEqual(detail.lineCount(ofLabelShowing: "Collection"), 1, "at \(width) px")
            }
        }
    }

    func testAnAlbumOnlySongKeptShowsItsOfferInMyItems() throws {
        let answer = try Self.fixture("album-only.json")
        try WindowHarness.withWindow(answeringSearches: answer) { harness in
            harness.search("hidden track")
            harness.open("Hidden Track")
            XCTAssertTrue(harness.main.window.activateAction("win.keep"))
            harness.main.myItems.showPage(myItems: true)
            let page = harness.main.myItems.page
            XCTAssertEqual(page.shown.map(\.item.name), ["Hidden Track"])
            // Rows keep an offer with its amount by no-break spaces (they wrap only after a "·").
            let texts = { page.views.list.mappedLabelTexts.map { $0.replacingOccurrences(of: "\u{00A0}", with: " ") } }
            XCTAssertTrue(
                MainContext.spin(until: { texts().contains("Album Only · $9.99") }), "as search shows it: \(texts())")
            XCTAssertEqual(
                harness.environment.items.keeper.store.records["track:300002"]?.snapshot?.offers?.restriction,
                .albumOnly,
                "kept in the record that is saved")
        }
    }
}
