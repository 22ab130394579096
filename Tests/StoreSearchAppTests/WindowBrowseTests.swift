import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #34: from an item to its artist's page and its album's tracks, and back, in the real
/// window over a store that answers in the store's shape (the fixtures of StoreSearchCoreTests).
final class WindowBrowseTests: XCTestCase {
    static func fixture(_ name: String) -> Data {
        try! Data(contentsOf: MainLoop.repository.appending(path: "Tests/StoreSearchCoreTests/Fixtures/\(name)"))
    }

    /// A search for "jack": the artist's record, one of their albums and one of its songs.
    static var searchAnswer: Data {
        let records = [fixture("artist.json"), fixture("artist-albums.json"), fixture("album-tracks.json")].map {
            (try! JSONSerialization.jsonObject(with: $0) as! [String: Any])["results"] as! [Any]
        }
        let results: [Any] = [records[0][0], records[1][1], records[2][4]]  // Jack Johnsen, Album 0, Closing Time
        return try! JSONSerialization.data(withJSONObject: ["resultCount": results.count, "results": results])
    }

    /// A value the server's thread and the test share.
    final class Shared<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value
        init(_ value: Value) { self.value = value }
        func withLock<Result>(_ body: (inout Value) -> Result) -> Result { lock.withLock { body(&value) } }
    }

    /// `/lookup` as the store answers it: the artist alone, their albums, the album's tracks
    /// (previews at `previewBase` when set); every query is logged.
    static func lookupRoute(_ log: Shared<[[String: String]]>, previewBase: Shared<String>? = nil) -> (CountingServer)
        -> Void
    {
        { server in
            server.route("/lookup") { request in
                log.withLock { $0.append(request.query) }
                let name =
                    switch (request.query["id"], request.query["entity"]) {
                    case ("1800000", nil): "artist.json"
                    case ("1800000", "album"): "artist-albums.json"
                    case ("1900000", "song"), ("1900000", nil): "album-tracks.json"  // the album first, then its tracks
                    default: "empty.json"
                    }
                var body = fixture(name)
                if let base = previewBase?.withLock({ $0 }), !base.isEmpty {
                    body = Data(
                        String(decoding: body, as: UTF8.self)
                            .replacingOccurrences(
                                of: "https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview/",
                                with: "\(base)/preview/"
                            ).utf8)
                }
                return LocalServerResponse(
                    body: name == "empty.json" ? Data(#"{"resultCount":0,"results":[]}"#.utf8) : body)
            }
        }
    }

    private static let searchNames = ["Jack Johnsen", "Album 0", "Closing Time"]
    private static let albums = ["Album 0", "Album 1", "Album 2"]
    private static let tracks = ["Opening", "Second Wind", "Album Only Interlude", "Closing Time", "Bonus One"]

    @MainActor
    private static func waitForPage(
        _ harness: WindowHarness, _ names: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertTrue(
            MainContext.spin(
                until: {
                    harness.main.visiblePage == .results && !harness.main.isFillingResults && harness.names == names
                },
                timeout: .seconds(15)), "\(harness.names) \(harness.main.visiblePage)", file: file, line: line)
    }

    func testAnArtistsRowOpensTheirPageAndRealKeysGoBackAndForth() throws {
        let lookups = Shared<[[String: String]]>([])
        try WindowHarness.withWindow(answeringSearches: Self.searchAnswer, routes: Self.lookupRoute(lookups)) {
            harness in
            let main = harness.main
            harness.search("jack")
            XCTAssertEqual(harness.names, Self.searchNames)
            XCTAssertFalse(main.browse.bar.isVisible, "the search's own results have no Back")
            harness.open("Jack Johnsen")
            Self.waitForPage(harness, Self.albums)
            XCTAssertEqual(
                lookups.withLock { $0.last }, ["id": "1800000", "country": "US", "entity": "album", "limit": "200"])
            XCTAssertEqual(main.window.title, "StoreSearch", "the window keeps its name (DESIGN.md §4)")
            XCTAssertEqual(main.browse.pageTitle, "Jack Johnsen", "the bar says where the user is")
            XCTAssertEqual(main.searchEntry.text, "jack", "the search field keeps the search the user came from")
            XCTAssertTrue(main.browse.bar.isVisible)
            XCTAssertNotNil(main.window.descendant(accessibleLabel: "Artist’s Works"), "the list is named for the page")
            XCTAssertEqual(main.countText, "\(Self.albums.count) works", "counted as what they are")
            XCTAssertNotNil(main.window.descendant(accessibleLabel: "Back"))

            // Alt+Left from the list: back to the search's results, the artist's row selected again.
            XCTAssertTrue(main.results.focus(at: 1))
            harness.pressKeys("alt+Left")
            Self.waitForPage(harness, Self.searchNames)
            XCTAssertEqual(main.countText, "\(Self.searchNames.count) results")
            XCTAssertEqual(main.results.selection.selectedElement?.name, "Jack Johnsen")
            XCTAssertEqual(main.window.title, "StoreSearch")
            XCTAssertFalse(main.browse.bar.isVisible)
            XCTAssertNotNil(main.window.descendant(accessibleLabel: "Results"))

            // Forth again with Enter on the row (answered from the cache), back with Escape.
            XCTAssertTrue(main.results.focus(at: 0))
            harness.pressKeys("Return")
            Self.waitForPage(harness, Self.albums)
            XCTAssertEqual(lookups.withLock { $0.count }, 1, "the page came from the cache, as searches do")
            XCTAssertTrue(main.results.focus(at: 0))
            harness.pressKeys("Escape")
            Self.waitForPage(harness, Self.searchNames)

            // And with the mouse's back button.
            harness.open("Jack Johnsen")
            Self.waitForPage(harness, Self.albums)
            harness.clickMouseButton(8)
            Self.waitForPage(harness, Self.searchNames)
            XCTAssertFalse(main.browse.isBrowsing)
            XCTAssertFalse(main.browse.goBack(), "nothing further back")
        }
    }

    func testMoreByAndAnAlbumsTracksFromTheDetailAndBackThroughBoth() throws {
        let lookups = Shared<[[String: String]]>([])
        try WindowHarness.withWindow(answeringSearches: Self.searchAnswer, routes: Self.lookupRoute(lookups)) {
            harness in
            let main = harness.main
            harness.search("jack")
            harness.select("Closing Time")
            XCTAssertTrue(harness.form.ui.moreByButton.isVisible)
            XCTAssertNotNil(
                main.window.descendant(accessibleLabel: "More by Jack Johnsen"), "one name: what the button says")
            XCTAssertNotNil(main.window.descendant(accessibleLabel: "Tracks of “Album 0”"))
            harness.form.ui.moreByButton.click()
            Self.waitForPage(harness, Self.albums)
            XCTAssertEqual(harness.form.item?.name, "Closing Time", "the detail keeps the item the user came from")

            harness.select("Album 0")
            XCTAssertEqual(harness.form.ui.tracksButton.isVisible, true)
            harness.form.ui.tracksButton.click()
            Self.waitForPage(harness, Self.tracks)
            XCTAssertEqual(main.countText, "\(Self.tracks.count) tracks")
            XCTAssertEqual(lookups.withLock { $0.last?["entity"] }, "song")
            XCTAssertEqual(main.window.title, "StoreSearch", "the window keeps its name (DESIGN.md §4)")
            XCTAssertEqual(main.browse.pageTitle, "Album 0", "the bar says where the user is")
            XCTAssertEqual(harness.form.item?.name, "Album 0", "the album stays open beside its tracks")
            XCTAssertTrue(main.results.views.lookAlikes.listsTracks)
            XCTAssertEqual(
                ResultRow.trackLine(of: main.shownItems[4].result), "2-1 · 1:02:05", "number and length; disc 2")
            XCTAssertTrue(main.browse.playAllButton.isVisible)

            harness.select("Second Wind")
            XCTAssertEqual(harness.form.item?.name, "Second Wind", "each track opens its detail")
            XCTAssertTrue(main.window.activateAction("win.browse-back"))
            Self.waitForPage(harness, Self.albums)
            XCTAssertEqual(
                main.results.selection.selectedElement?.name, "Album 0", "back on the artist's page, at the album")
            XCTAssertEqual(main.window.title, "StoreSearch", "the window keeps its name (DESIGN.md §4)")
            XCTAssertEqual(main.browse.pageTitle, "Jack Johnsen", "the bar says where the user is")
            // Side by side, Alt+Left in the detail goes back a page too.
            XCTAssertTrue(harness.form.ui.artistEntry.grabFocus())
            harness.pressKeys("alt+Left")
            Self.waitForPage(harness, Self.searchNames)
            XCTAssertEqual(main.results.selection.selectedElement?.name, "Closing Time")

            // A song's own album: its tracks, with the song selected there.
            harness.form.ui.tracksButton.click()
            Self.waitForPage(harness, Self.tracks)
            XCTAssertTrue(MainContext.spin(until: { main.results.selection.selectedElement?.name == "Closing Time" }))

            // A new search leaves every page.
            harness.search("jack johnsen")
            XCTAssertFalse(main.browse.isBrowsing)
            XCTAssertEqual(main.window.title, "StoreSearch")
        }
    }

    /// The mouse path: a real pointer click on More by NAME (xdotool at the button's place on
    /// screen) opens the artist's page, and real Alt+Left comes back.
    func testARealClickOnMoreByOpensThePageAndAltLeftComesBack() throws {
        let lookups = Shared<[[String: String]]>([])
        try WindowHarness.withWindow(answeringSearches: Self.searchAnswer, routes: Self.lookupRoute(lookups)) {
            harness in
            let main = harness.main
            harness.search("jack")
            harness.select("Closing Time")
            XCTAssertTrue(
                MainContext.spin(until: {
                    harness.form.ui.moreByButton.isMapped && harness.form.ui.moreByButton.allocatedWidth > 0
                }))
            harness.click(harness.form.ui.moreByButton)
            XCTAssertTrue(
                MainContext.spin(until: { main.browse.isBrowsing }, timeout: .seconds(5)), "the click landed on More by"
            )
            Self.waitForPage(harness, Self.albums)
            harness.pressKeys("alt+Left")
            Self.waitForPage(harness, Self.searchNames)
            XCTAssertFalse(main.browse.isBrowsing)
            XCTAssertEqual(
                main.results.selection.selectedElement?.name, "Closing Time", "back at the song the user came from")
        }
    }

    /// An album's detail lists its tracks once it has been open a moment; a track there opens the
    /// album's page at that track, with its detail.
    func testAnAlbumsDetailListsItsTracksAndATrackOpensThere() throws {
        let lookups = Shared<[[String: String]]>([])
        try WindowHarness.withWindow(answeringSearches: Self.searchAnswer, routes: Self.lookupRoute(lookups)) {
            harness in
            let main = harness.main
            harness.search("jack")
            // Arrowing past an album lists nothing, and asks the store for nothing.
            main.results.select(1)
            main.results.select(2)
            MainContext.spin(until: { false }, timeout: BrowseController.trackListDelay + .milliseconds(500))
            XCTAssertEqual(lookups.withLock { $0.count }, 0)
            XCTAssertTrue(harness.form.tracks.isEmpty)

            main.results.select(1)  // Album 0, as the arrow keys select it
            XCTAssertEqual(harness.form.item?.name, "Album 0")
            XCTAssertTrue(
                MainContext.spin(until: { harness.form.tracks.count == 5 }, timeout: .seconds(10)),
                "the tracks are listed")
            XCTAssertEqual(harness.form.tracks.map(\.name), Self.tracks, "in order")
            XCTAssertEqual(lookups.withLock { $0.count }, 1)
            XCTAssertTrue(
                harness.form.ui.tracksList.mappedLabelTexts.contains("$1.29"),
                "with prices: \(harness.form.ui.tracksList.mappedLabelTexts)")
            harness.form.ui.tracksList.activateRow(at: 1)
            Self.waitForPage(harness, Self.tracks)
            XCTAssertEqual(lookups.withLock { $0.count }, 1, "the page came from the cache")
            XCTAssertTrue(MainContext.spin(until: { main.results.selection.selectedElement?.name == "Second Wind" }))
            XCTAssertEqual(harness.form.item?.name, "Second Wind", "the track's detail, with its preview")
            XCTAssertTrue(main.preview.root.isVisible)
        }
    }

    /// The store failing (HTTP 500) under an album's track list: the detail says what the
    /// album's page (a search's failure page) says of the same answer, and Retry lists them.
    func testAnAlbumsTrackListFailsAsASearchDoes() throws {
        let failing = Shared(true)
        try WindowHarness.withWindow(
            answeringSearches: Self.searchAnswer,
            routes: { server in
                server.route("/lookup") { _ in
                    failing.withLock { $0 }
                        ? LocalServerResponse(
                            status: 500, contentType: "text/html", text: "<h1>Internal Server Error</h1>")
                        : LocalServerResponse(body: Self.fixture("album-tracks.json"))
                }
            }
        ) { harness in
            let main = harness.main
            let form = harness.form
            harness.search("jack")
            main.results.select(1)  // Album 0
            XCTAssertTrue(
                MainContext.spin(
                    until: { !form.ui.tracksFailureTitle.text.isEmpty && form.ui.tracksFailureTitle.isMapped },
                    timeout: .seconds(10)),
                "the failure shows where the tracks would")
            XCTAssertTrue(form.tracks.isEmpty)
            XCTAssertTrue(form.ui.tracksRetryButton.isMapped)
            let said = (form.ui.tracksFailureTitle.text, form.ui.tracksFailureMessage.text)

            form.ui.tracksButton.click()  // the album's page fails on the search's failure page
            XCTAssertTrue(MainContext.spin(until: { main.visiblePage == .error }))
            XCTAssertEqual(said.0, main.errorText.title, "the same title as a search's failure")
            XCTAssertEqual(said.1, main.errorText.message, "and the same message")
            XCTAssertTrue(main.window.activateAction("win.browse-back"))

            failing.withLock { $0 = false }
            main.results.select(1)
            form.ui.tracksRetryButton.click()
            XCTAssertTrue(
                MainContext.spin(until: { form.tracks.count == 5 }, timeout: .seconds(10)), "Retry lists them")
            XCTAssertFalse(form.ui.tracksFailureTitle.isMapped)
        }
    }

    func testAnArtistsLinkLandsOnTheirPageFromEveryWayIn() throws {
        let lookups = Shared<[[String: String]]>([])
        try WindowHarness.withWindow(answeringSearches: Self.searchAnswer, routes: Self.lookupRoute(lookups)) {
            harness in
            let main = harness.main
            let link = "https://music.apple.com/us/artist/jack-johnsen/1800000"
            _ = main.handleSecondLaunch(arguments: [link])  // storesearch LINK, or a second launch
            Self.waitForPage(harness, Self.albums)
            XCTAssertEqual(
                lookups.withLock { $0.map { $0["entity"] ?? "-" } }, ["-", "album"], "the link's record, then the page")
            XCTAssertEqual(main.window.title, "StoreSearch", "the window keeps its name (DESIGN.md §4)")
            XCTAssertEqual(main.browse.pageTitle, "Jack Johnsen", "the bar says where the user is")

            harness.search("jack")
            XCTAssertFalse(main.browse.isBrowsing)
            harness.search(link)  // pasted into the search field
            Self.waitForPage(harness, Self.albums)
            XCTAssertTrue(main.window.activateAction("win.browse-back"))
            Self.waitForPage(harness, Self.searchNames)

            XCTAssertTrue(main.textDropped(link + "\nJack Johnsen"))  // dropped on the window
            Self.waitForPage(harness, Self.albums)

            // Picked in the Shell's overview.
            harness.search("jack")
            main.showFromOverview(try XCTUnwrap(main.shownItems.first?.result), isMine: false)
            Self.waitForPage(harness, Self.albums)
        }
    }

    /// Issue #45: an artist's link shows the works of the link's store, not of the one picked.
    func testAnArtistsLinkShowsTheWorksOfTheLinksStore() throws {
        let lookups = Shared<[[String: String]]>([])
        try WindowHarness.withWindow(answeringSearches: Self.searchAnswer, routes: Self.lookupRoute(lookups)) {
            harness in
            harness.environment.storeRegion.choose("DE")
            _ = harness.main.handleSecondLaunch(arguments: ["https://music.apple.com/us/artist/jack-johnsen/1800000"])
            Self.waitForPage(harness, Self.albums)
            XCTAssertEqual(
                lookups.withLock { $0.map { $0["country"] ?? "-" } }, ["US", "US"], "the link's record and page")
        }
    }

    /// A second launch with an artist's link keeps the search the user came from (Back returns to
    /// it); a link the store does not know, opened from a page, fails on a level of its own, the
    /// bar saying what failed, and Back returns to the page.
    func testALinkKeepsTheSearchFieldAndAFailedLinkFailsOnItsOwnLevel() throws {
        let lookups = Shared<[[String: String]]>([])
        try WindowHarness.withWindow(answeringSearches: Self.searchAnswer, routes: Self.lookupRoute(lookups)) {
            harness in
            let main = harness.main
            harness.search("jack")
            _ = main.handleSecondLaunch(arguments: ["https://music.apple.com/us/artist/jack-johnsen/1800000"])
            Self.waitForPage(harness, Self.albums)
            XCTAssertEqual(main.searchEntry.text, "jack", "the search field keeps the search the user came from")

            _ = main.handleSecondLaunch(arguments: ["https://music.apple.com/us/artist/nobody/1800001"])
            XCTAssertTrue(MainContext.spin(until: { main.visiblePage == .error }))
            XCTAssertEqual(main.errorText.title, "Item Not Found")
            XCTAssertEqual(main.browse.pageTitle, "Store Link", "not the artist's page the user was on")
            XCTAssertEqual(main.browse.pageSubtitle, "Item Not Found · Item 1800001", "the bar says what failed")
            XCTAssertEqual(main.searchEntry.text, "jack")
            XCTAssertTrue(main.window.activateAction("win.browse-back"))
            Self.waitForPage(harness, Self.albums)
            XCTAssertEqual(main.browse.pageTitle, "Jack Johnsen", "Back returns to the page the link was opened from")
            XCTAssertTrue(main.window.activateAction("win.browse-back"))
            Self.waitForPage(harness, Self.searchNames)
            XCTAssertFalse(main.browse.isBrowsing)

            // A link to an item shows it alone: that search field empties (it was not found for "jack").
            _ = main.handleSecondLaunch(arguments: ["https://music.apple.com/us/artist/jack-johnsen/1800000"])
            Self.waitForPage(harness, Self.albums)
            _ = main.handleSecondLaunch(arguments: ["https://music.apple.com/us/album/album-0/1900000"])
            XCTAssertTrue(
                MainContext.spin(until: { main.visiblePage == .results && harness.names == ["Album 0"] }),
                "\(harness.names)")
            XCTAssertFalse(main.browse.isBrowsing, "an item alone is a new start")
            XCTAssertEqual(main.searchEntry.text, "")
        }
    }

    /// At 360 px the two buttons share the width: their names wrap onto a second line instead of
    /// being cut ("More by Jack …"), and the tooltip and accessible name keep them whole.
    func testMoreByAndTracksNamesAreReadableAt360Pixels() throws {
        try WindowHarness.withWindow(answeringSearches: Self.searchAnswer, size: (360, 700)) { harness in
            let main = harness.main
            let form = harness.form
            XCTAssertTrue(MainContext.spin(until: { main.isFolded }))
            harness.search("jack")
            harness.select("Closing Time")
            main.layout.showDetail()
            XCTAssertTrue(
                MainContext.spin(until: { form.ui.moreByLabel.isMapped && form.ui.moreByLabel.allocatedWidth > 0 }))
            MainContext.spin(until: { false }, timeout: .milliseconds(300))  // the slide ends, the labels are laid out
            XCTAssertLessThan(form.ui.moreByButton.allocatedWidth, 200, "the buttons share the narrow width")
            for label in [form.ui.moreByLabel, form.ui.tracksLabel] {
                XCTAssertFalse(label.isEllipsized, "“\(label.text)” is whole at 360 px")
            }
            XCTAssertEqual(form.ui.moreByButton.tooltip, "More by Jack Johnsen")
            XCTAssertNotNil(main.window.descendant(accessibleLabel: "More by Jack Johnsen"))
        }
    }

    /// Folded, a swipe towards the reading end on the results goes back a page (the leaflet's own
    /// swipe goes only from the detail to the results). Xvfb has no touch screen or touchpad, and
    /// GTK takes no made-up touch events: the finger's end is GtkGestureSwipe's own "swipe" signal,
    /// emitted on the gesture the results pane holds; the touchpad's through its handlers.
    func testASwipeGoesBackAPageWhenFolded() throws {
        let lookups = Shared<[[String: String]]>([])
        try WindowHarness.withWindow(
            answeringSearches: Self.searchAnswer, size: (360, 700), routes: Self.lookupRoute(lookups)
        ) { harness in
            let main = harness.main
            XCTAssertTrue(MainContext.spin(until: { main.isFolded }))
            harness.search("jack")
            harness.open("Jack Johnsen")
            Self.waitForPage(harness, Self.albums)
            let swipe = try XCTUnwrap(main.browseSwipe)
            swipe.touch.emitSwipe(velocityX: 300, velocityY: 0)  // too slow: a finger resting, not a swipe
            swipe.touch.emitSwipe(velocityX: 1200, velocityY: 1500)  // a scroll down the list
            swipe.touch.emitSwipe(velocityX: -1200, velocityY: 0)  // towards the start
            MainContext.spin(until: { false }, timeout: .milliseconds(200))
            XCTAssertTrue(main.browse.isBrowsing, "none of those is a swipe back")
            swipe.touch.emitSwipe(velocityX: 1200, velocityY: 100)
            Self.waitForPage(harness, Self.searchNames)
            XCTAssertFalse(main.browse.isBrowsing)

            // A touchpad's two fingers: a short stroke stays, a long one goes back.
            harness.open("Jack Johnsen")
            Self.waitForPage(harness, Self.albums)
            XCTAssertTrue(swipe.scrolled(dx: -40, dy: 0, inWheelClicks: false))
            XCTAssertFalse(swipe.scrollEnded())
            XCTAssertFalse(
                swipe.scrolled(dx: -5, dy: 0, inWheelClicks: true), "a tilting wheel's clicks are left to the list")
            XCTAssertFalse(swipe.scrollEnded())
            for _ in 0..<4 { _ = swipe.scrolled(dx: -40, dy: 0, inWheelClicks: false) }
            XCTAssertTrue(swipe.scrollEnded())
            Self.waitForPage(harness, Self.searchNames)

            // On the detail the leaflet's swipe is the one that acts: no page goes.
            harness.open("Jack Johnsen")
            Self.waitForPage(harness, Self.albums)
            harness.select("Album 0")
            main.layout.showDetail()
            XCTAssertFalse(swipe.swiped(velocityX: 1200, velocityY: 0))
            XCTAssertTrue(main.browse.isBrowsing)
        }
    }

    /// Back while a page is on its way cancels its lookup: the answer that comes later never shows.
    func testBackCancelsThePageOnItsWay() throws {
        let release = DispatchSemaphore(value: 0)
        let asked = Shared(false)
        try WindowHarness.withWindow(
            answeringSearches: Self.searchAnswer,
            routes: { server in
                server.route("/lookup") { _ in
                    asked.withLock { $0 = true }
                    _ = release.wait(timeout: .now() + 10)
                    return LocalServerResponse(body: Self.fixture("artist-albums.json"))
                }
            }
        ) { harness in
            let main = harness.main
            harness.search("jack")
            main.results.select(0)  // the artist's record in the detail, as arrowing onto it shows it
            XCTAssertTrue(MainContext.spin(until: { harness.form.item?.name == "Jack Johnsen" }))
            XCTAssertTrue(main.results.focus(at: 0))
            harness.pressKeys("Return")
            XCTAssertTrue(MainContext.spin(until: { asked.withLock { $0 } }))
            XCTAssertEqual(main.visiblePage, .searching)
            XCTAssertFalse(
                main.layout.detailContent.containsFocus, "the keyboard waits in the results pane, not in the detail")
            harness.pressKeys("alt+Left")  // real keys still go back while the page loads
            XCTAssertTrue(MainContext.spin(until: { main.visiblePage == .results }))
            XCTAssertEqual(harness.names, Self.searchNames)
            release.signal()
            MainContext.spin(until: { false }, timeout: .milliseconds(500))
            XCTAssertEqual(harness.names, Self.searchNames, "the cancelled page never replaced the results")
            XCTAssertFalse(main.browse.isBrowsing)
        }
    }

    /// A page opened while another is still on its way takes its place: Back returns to what was
    /// on screen before either.
    func testAPageOpenedWhileAnotherLoadsTakesItsPlace() throws {
        let asked = Shared(0)
        try WindowHarness.withWindow(
            answeringSearches: Self.searchAnswer,
            routes: { server in
                server.route("/lookup") { request in
                    asked.withLock { $0 += 1 }
                    let albumTracks = request.query["entity"] == "song"  // the artist's page comes late
                    return LocalServerResponse(
                        body: Self.fixture(albumTracks ? "album-tracks.json" : "artist-albums.json"),
                        delay: albumTracks ? nil : .seconds(2))
                }
            }
        ) { harness in
            let main = harness.main
            harness.search("jack")
            harness.select("Closing Time")
            harness.form.ui.moreByButton.click()
            XCTAssertTrue(MainContext.spin(until: { asked.withLock { $0 } == 1 }))
            harness.form.ui.tracksButton.click()  // the song's album instead, before the artist's page came
            Self.waitForPage(harness, Self.tracks)
            MainContext.spin(until: { false }, timeout: .milliseconds(2500))  // the artist's page comes, too late
            XCTAssertEqual(harness.names, Self.tracks)
            XCTAssertTrue(main.window.activateAction("win.browse-back"))
            Self.waitForPage(harness, Self.searchNames)
            XCTAssertFalse(main.browse.isBrowsing, "no level was left for the page that never came")
            XCTAssertEqual(main.window.title, "StoreSearch")
        }
    }

    /// A failing page says what a failing search says (Retry runs the lookup again).
    func testAPagesFailureIsASearchsFailure() throws {
        let failing = Shared(true)
        try WindowHarness.withWindow(
            answeringSearches: Self.searchAnswer,
            routes: { server in
                server.route("/lookup") { _ in
                    failing.withLock { $0 }
                        ? LocalServerResponse(status: 403, text: "")
                        : LocalServerResponse(body: Self.fixture("artist-albums.json"))
                }
            }
        ) { harness in
            let main = harness.main
            harness.search("jack")
            harness.open("Jack Johnsen")
            XCTAssertTrue(MainContext.spin(until: { main.visiblePage == .error }))
            XCTAssertEqual(main.errorText.title, SearchFailure.throttled.title)
            failing.withLock { $0 = false }
            main.search.ui.retryButton.click()
            Self.waitForPage(harness, Self.albums)
        }
    }

    /// Offline, the catalog answers with what it has of the artist, or the page says it needs the store.
    func testOfflineThePageShowsWhatTheCatalogHas() throws {
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: URL(string: "http://127.0.0.1:9")!, offline: true)  // --offline
            defer { harness.dispose() }
            let main = harness.main
            harness.search("tarkan")
            harness.select("Kuzu Kuzu")
            harness.form.ui.moreByButton.click()
            XCTAssertTrue(
                MainContext.spin(until: { main.visiblePage == .results && harness.names == ["Kuzu Kuzu"] }),
                "\(harness.names)")
            main.browse.open(.artist(id: "987654321", name: "Nobody", entity: "album"), from: nil)
            XCTAssertTrue(MainContext.spin(until: { main.visiblePage == .empty }))
            XCTAssertTrue(main.search.emptyText.contains("needs the iTunes Store"), main.search.emptyText)
        }
    }
}

/// Play All Previews on an album's page, driven as a desktop's media controls do: MPRIS Next and
/// Previous through `gdbus` on the test's session bus, with a real sound server (a null sink).
final class WindowPlayAllTests: XCTestCase {
    private static let preview = try! Data(
        contentsOf: Bundle.module.url(forResource: "Fixtures/preview-440hz-3s", withExtension: "m4a")!)

    @MainActor
    private static func property(_ name: String) -> String {
        MPRISCall.call(["--method", "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player", name])
    }

    func testPlayAllPlaysTheTracksInTurnAndMPRISGoesNextAndPrevious() throws {
        let lookups = WindowBrowseTests.Shared<[[String: String]]>([])
        let previewBase = WindowBrowseTests.Shared("")
        try WindowHarness.withWindow(
            answeringSearches: WindowBrowseTests.searchAnswer,
            routes: { server in
                WindowBrowseTests.lookupRoute(lookups, previewBase: previewBase)(server)
                server.route("/preview/") { _ in LocalServerResponse(contentType: "audio/mp4", body: Self.preview) }
            }
        ) { harness in
            let main = harness.main
            let base = main.environment.search.baseURL.absoluteString
            previewBase.withLock { $0 = base.hasSuffix("/") ? String(base.dropLast()) : base }
            harness.search("jack")
            harness.select("Album 0")
            harness.form.ui.tracksButton.click()
            XCTAssertTrue(
                MainContext.spin(
                    until: { main.visiblePage == .results && harness.names.count == 5 && !main.isFillingResults },
                    timeout: .seconds(15)))
            XCTAssertNotNil(main.window.descendant(accessibleLabel: "Play All Previews"))
            XCTAssertTrue(main.window.activateAction("win.play-all-previews"))
            let preview = main.preview
            XCTAssertTrue(
                MainContext.spin(
                    until: { preview.current?.name == "Opening" && preview.status == .playing }, timeout: .seconds(10)),
                "the first track plays: \(preview.status)")
            XCTAssertEqual(
                main.results.selection.selectedElement?.name, "Opening", "the track playing is the one selected")
            XCTAssertTrue(MainContext.spin(until: { Self.property("CanGoNext").contains("true") }), "MPRIS offers Next")
            XCTAssertTrue(Self.property("CanGoPrevious").contains("false"), "not Previous on the first")

            // Paused first, so only Next can move on (a playing preview would end by itself).
            _ = MPRISCall.call(["--method", "org.mpris.MediaPlayer2.Player.Pause"])
            XCTAssertTrue(MainContext.spin(until: { preview.status == .paused }))
            _ = MPRISCall.call(["--method", "org.mpris.MediaPlayer2.Player.Next"])
            XCTAssertTrue(
                MainContext.spin(
                    until: { preview.current?.name == "Second Wind" && preview.status == .playing },
                    timeout: .seconds(10)),
                "Next plays the second track: \(preview.current?.name ?? "none") \(preview.status)")
            XCTAssertEqual(main.results.selection.selectedElement?.name, "Second Wind")
            XCTAssertEqual(harness.form.item?.name, "Second Wind", "its detail shows")
            XCTAssertTrue(MainContext.spin(until: { Self.property("CanGoPrevious").contains("true") }))
            XCTAssertTrue(Self.property("Metadata").contains("Second Wind"), "the desktop sees the new track")

            _ = MPRISCall.call(["--method", "org.mpris.MediaPlayer2.Player.Pause"])
            XCTAssertTrue(MainContext.spin(until: { preview.status == .paused }))
            _ = MPRISCall.call(["--method", "org.mpris.MediaPlayer2.Player.Previous"])
            XCTAssertTrue(
                MainContext.spin(
                    until: { preview.current?.name == "Opening" && preview.status == .playing }, timeout: .seconds(10)))

            // The 3 s preview ends: the next one follows by itself.
            XCTAssertTrue(
                MainContext.spin(until: { preview.current?.name == "Second Wind" }, timeout: .seconds(15)),
                "the queue moves on when a preview ends: \(preview.current?.name ?? "none") \(preview.status)")

            // Playing another item's preview ends the queue.
            harness.select("Bonus One")
            XCTAssertTrue(main.window.activateAction("win.play-preview"))
            XCTAssertTrue(
                MainContext.spin(until: { Self.property("CanGoNext").contains("false") }),
                "no Next once the queue is left")
            XCTAssertFalse(main.browse.queue.isPlaying)
            preview.stop()
        }
    }
}
