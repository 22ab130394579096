import Foundation
import CGtk
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #44: with nothing searched, the Search page shows the store's charts, in the real window
/// over a store on 127.0.0.1 that answers feeds in the store's shape (StoreSearchCoreTests'
/// chart fixtures) and the lookup of their ids.
final class WindowExploreTests: XCTestCase {
    typealias Shared = WindowBrowseTests.Shared

    /// The lookup's records: Kuzu Kuzu at $0.49 (the feed says $1.29), Hüp, and the album Karma;
    /// Dudu and the ringtone are not returned (shown from the feed's fields).
    static func lookupBody(ids: Set<String>, base: String) -> Data {
        let records = [
            "1440857788": #"{"wrapperType":"track","kind":"song","trackId":1440857788,"collectionId":1440857781,"#
                + #""trackName":"Kuzu Kuzu","artistName":"Tarkan","collectionName":"Karma","trackPrice":0.49,"#
                + #""collectionPrice":9.99,"currency":"USD","artworkUrl100":"BASE/art/1/100x100bb.jpg","#
                + #""trackViewUrl":"https://music.apple.com/us/album/karma/1440857781?i=1440857788&uo=4"}"#,
            "1440857790": #"{"wrapperType":"track","kind":"song","trackId":1440857790,"trackName":"Hüp","#
                + #""artistName":"Tarkan","trackPrice":1.29,"currency":"USD","artworkUrl100":"BASE/art/2/100x100bb.jpg"}"#,
            "1440857781": #"{"wrapperType":"collection","collectionType":"Album","collectionId":1440857781,"#
                + #""collectionName":"Karma","artistName":"Tarkan","collectionPrice":9.99,"currency":"USD"}"#,
        ]
        let found = records.filter { ids.contains($0.key) }.sorted { $0.key < $1.key }.map(\.value)
        let body = "\n\n{\"resultCount\":\(found.count),\"results\":[\(found.joined(separator: ","))]}"
        return Data(body.replacingOccurrences(of: "BASE", with: base).utf8)
    }

    /// The store: Top Songs (the fixture), Top Albums (one entry, as an object), Top Podcasts
    /// failing (500), every other chart empty; while `busy`, every chart answers 503, and the feeds
    /// named in `unavailable` do. Requests are logged by the server.
    static func startStore(
        busy: Shared<Bool> = Shared(false), unavailable: Shared<Set<String>> = Shared([])
    ) throws -> (CountingServer, URL) {
        let server = CountingServer()
        let base = Shared("")
        server.route("/lookup") { request in
            let ids = Set((request.query["id"] ?? "").split(separator: ",").map(String.init))
            return LocalServerResponse(body: lookupBody(ids: ids, base: base.withLock { $0 }))
        }
        server.route("/art/") { _ in LocalServerResponse(status: 404, text: "no such image") }
        for region in ["/us/rss/", "/de/rss/"] {
            server.route(region) { request in
                let feed = request.path.split(separator: "/")[2]
                if busy.withLock({ $0 }) || unavailable.withLock({ $0.contains(String(feed)) }) {
                    return LocalServerResponse(status: 503, text: "")
                }
                if feed == "toppodcasts" {
                    return LocalServerResponse(status: 500, text: "<html>Internal error</html>")
                }
                let name =
                    switch feed {
                    case "topsongs": "chart-topsongs.json"
                    case "topalbums": "chart-one-entry.json"
                    default: "chart-empty.json"
                    }
                let body = String(decoding: WindowBrowseTests.fixture(name), as: UTF8.self)
                    .replacingOccurrences(of: "https://is1-ssl.mzstatic.com", with: base.withLock { $0 })
                return LocalServerResponse(body: Data(body.utf8))
            }
        }
        let url = try server.start()
        base.withLock {
            $0 = url.absoluteString.hasSuffix("/") ? String(url.absoluteString.dropLast()) : url.absoluteString
        }
        return (server, url)
    }

    /// The window over `startStore()`'s store, its charts on screen.
    private static func withChartsWindow(_ body: @MainActor (WindowHarness, CountingServer) throws -> Void) throws {
        let (server, base) = try startStore()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, charts: true)
            defer { harness.dispose() }
            waitForCharts(harness.main)
            try body(harness, server)
        }
    }

    @MainActor
    private static func waitForCharts(_ main: MainWindow, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(
            MainContext.spin(until: { main.explore.visiblePage == .charts }, timeout: .seconds(15)),
            "the charts never showed: \(main.explore.visiblePage)", file: file, line: line)
    }

    @MainActor
    private static func section(_ main: MainWindow, _ title: String) -> ChartSection? {
        main.explore.shownSections.first { $0.chart.title == title }
    }

    func testTheChartsInTheStoresOrderWithTheLookupsRecordsAndAFailingFeed() throws {
        try Self.withChartsWindow { harness, server in
            let main = harness.main
            XCTAssertEqual(
                main.explore.shownSections.map(\.chart.title), ["Top Songs", "Top Albums", "Top Podcasts"],
                "the charts with entries, and the one that failed; the empty ones are left out")
            let songs = try XCTUnwrap(Self.section(main, "Top Songs"))
            XCTAssertEqual(
                songs.items.map(\.name), ["Kuzu Kuzu", "Dudu", "Şımarık Ringtone", "Hüp"], "the store's order")
            XCTAssertEqual(songs.items[0].price, Decimal(string: "0.49"), "the lookup's record, not the feed's price")
            XCTAssertEqual(songs.items[0].result.collectionName, "Karma", "with what only the record has")
            XCTAssertNil(songs.items[1].price, "Dudu, not returned by the lookup: the feed's fields (no price)")
            XCTAssertEqual(songs.items[2].result.kind.displayName, "Ringtone", "an unknown content type by its name")
            XCTAssertEqual(Self.section(main, "Top Albums")?.items.map(\.name), ["Karma"], "one entry: an object")
            XCTAssertNotNil(
                main.window.descendant(accessibleLabel: "Top Songs"), "each chart a list named by its title")
            XCTAssertNotNil(main.window.descendant(accessibleLabel: "Dudu, Tarkan, Song"), "a row as search names it")

            let podcasts = try XCTUnwrap(Self.section(main, "Top Podcasts"))
            XCTAssertFalse(podcasts.isShowingEntries)
            let failure = SearchFailure.serverProblem(status: 500)
            XCTAssertEqual(
                podcasts.ui.failureTitleLabel.mappedLabelTexts, [failure.title], "what a search's failure says")
            XCTAssertEqual(podcasts.ui.failureLabel.mappedLabelTexts, [failure.message], "below its title")
            XCTAssertTrue(podcasts.ui.sectionRetryButton.isVisible)

            let feeds = server.requests.filter { $0.path.contains("/rss/") }.map(\.path)
            XCTAssertTrue(feeds.contains("/us/rss/topsongs/limit=5/json"), "\(feeds)")
            XCTAssertEqual(feeds.count, ChartFeed.feeds(for: .all).count, "a feed per chart of All")
            let chartLookups = server.requests.filter {
                $0.path == "/lookup" && $0.query["id"]?.contains("1440857701") == true
            }
            XCTAssertEqual(chartLookups.count, 1, "one lookup of every chart's ids")
            XCTAssertEqual(
                Set(chartLookups.first?.query["id"]?.split(separator: ",").map(String.init) ?? []),
                ["1440857788", "1440857701", "1440857799", "1440857790", "1440857781"])

            // Another category shows its own charts: Music's, the empty music videos left out.
            main.categoryDropDown.selectedIndex = Category.allCases.firstIndex(of: .music)!
            XCTAssertTrue(
                MainContext.spin(
                    until: {
                        main.explore.visiblePage == .charts
                            && main.explore.shownSections.map(\.chart.title) == ["Top Songs", "Top Albums"]
                    }, timeout: .seconds(15)), "\(main.explore.shownSections.map(\.chart.title))")
            XCTAssertTrue(server.requests.contains { $0.path == "/us/rss/topmusicvideos/limit=5/json" })
        }
    }

    /// Down from the empty search field into the charts, Enter opens a row's detail, Ctrl+D keeps
    /// it and the row shows the star; a kept item whose price fell shows it as My Items does.
    /// A tester's find: charts kept in memory for a day, shown again after a price check, wrote
    /// their older price back into the kept item. A price check drops the answers holding its
    /// items, so the charts are asked of the store again.
    func testChartsShownAgainAfterAPriceCheckAreAskedAgain() throws {
        try Self.withChartsWindow { harness, server in
            let main = harness.main, items = harness.environment.items
            @MainActor func feedRequests() -> Int {
                server.requests.filter { $0.path.contains("/rss/topsongs/") }.count
            }
            let kuzuKuzu = try XCTUnwrap(Self.section(main, "Top Songs")?.items.first?.result)
            items.record(ItemChange(result: kuzuKuzu, kind: .kept(true)))
            main.explore.reload()
            Self.waitForCharts(main)
            XCTAssertEqual(feedRequests(), 1, "unchanged: from memory")

            var cheaper = kuzuKuzu
            cheaper.price = Decimal(string: "0.29")
            items.pricesChecked(items.takePriceCheck([cheaper], missing: []).ids)
            main.explore.reload()
            XCTAssertTrue(MainContext.spin(until: { feedRequests() == 2 }), "asked again after the price check")
            Self.waitForCharts(main)
        }
    }

    func testTheKeyboardOpensAChartsRowAndKeepsIt() throws {
        let (server, base) = try Self.startStore()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let paths = WindowHarness.temporaryPaths()
            try WindowPriceWatchTests.writeKeptItems(paths)  // Kuzu Kuzu kept at $0.99
            let harness = WindowHarness(apiBase: base, paths: paths, charts: true)
            defer { harness.dispose() }
            let main = harness.main
            Self.waitForCharts(main)
            XCTAssertTrue(
                MainContext.spin(until: {
                    main.window.descendant(
                        accessibleLabel: "Kuzu Kuzu, Tarkan, Song, $0.49, was $0.99, Kept in My Items")
                        != nil
                }), "the kept item's star, and its drop as My Items shows it")

            XCTAssertTrue(main.searchEntry.grabFocus())
            harness.pressKeys("Down")
            XCTAssertTrue(
                MainContext.spin(until: { main.explore.root.containsFocus }),
                "Down goes into the charts: \(String(describing: main.window.focusWidget))")
            harness.pressKeys("Down", "Return")
            XCTAssertTrue(
                MainContext.spin(until: { harness.form.item?.name == "Dudu" }, timeout: .seconds(10)),
                "Enter on the second row opens it: \(harness.form.item?.name ?? "nothing")")
            XCTAssertTrue(
                main.environment.items.keeper.store.records["track:1440857701"]?.visitedAt != nil, "opened: visited")
            harness.pressKeys("ctrl+d")  // Keep in My Items
            XCTAssertTrue(
                MainContext.spin(until: { main.environment.items.keeper.store.isKept("track:1440857701") }), "kept")
            XCTAssertTrue(
                MainContext.spin(until: {
                    main.window.descendant(accessibleLabel: "Dudu, Tarkan, Song, Kept in My Items") != nil
                }), "the row shows the star")
            let kept = try XCTUnwrap(main.environment.items.keeper.store.records["track:1440857701"]?.snapshot)
            XCTAssertEqual(kept.name, "Dudu")
            XCTAssertEqual(kept.storeRegion, "US", "kept from the chart's store")
        }
    }

    /// See All: the whole chart as a page of the results, in the store's order; Back returns.
    func testSeeAllOpensTheWholeChartAndBackReturns() throws {
        try Self.withChartsWindow { harness, server in
            let main = harness.main
            try XCTUnwrap(Self.section(main, "Top Songs")).ui.seeAllButton.click()
            XCTAssertTrue(
                MainContext.spin(
                    until: {
                        main.visiblePage == .results && !main.isFillingResults && harness.names.count == 4
                    }, timeout: .seconds(15)), "\(harness.names)")
            XCTAssertEqual(harness.names, ["Kuzu Kuzu", "Dudu", "Şımarık Ringtone", "Hüp"])
            XCTAssertTrue(server.requests.contains { $0.path == "/us/rss/topsongs/limit=\(Chart.wholeChart)/json" })
            XCTAssertEqual(main.browse.pageTitle, "Top Songs")
            XCTAssertEqual(main.browse.pageSubtitle, "Chart · United States")
            XCTAssertNotNil(main.window.descendant(accessibleLabel: "Top Songs"), "the list named by the chart")
            harness.open("Hüp")
            XCTAssertEqual(harness.form.item?.name, "Hüp", "a row of the whole chart opens its detail")
            XCTAssertTrue(main.browse.goBack())
            XCTAssertTrue(MainContext.spin(until: { main.visiblePage == .hint && main.explore.visiblePage == .charts }))
            XCTAssertFalse(main.browse.isBrowsing)
        }
    }

    /// The charts of the region picked in the drop-down.
    func testThePickedRegionsCharts() throws {
        try Self.withChartsWindow { harness, server in
            let main = harness.main
            main.regionPicker.select("DE")
            XCTAssertTrue(
                MainContext.spin(
                    until: {
                        main.explore.visiblePage == .charts && main.explore.shownSections.first?.chart.country == "DE"
                    }, timeout: .seconds(15)))
            XCTAssertTrue(server.requests.contains { $0.path == "/de/rss/topsongs/limit=5/json" })
            XCTAssertTrue(server.requests.contains { $0.path == "/lookup" && $0.query["country"] == "DE" })
            XCTAssertEqual(Self.section(main, "Top Songs")?.items.first?.result.storeRegion, "DE")
        }
    }

    /// Charts nobody sees are not asked for: a region picked while a whole chart shows asks for
    /// its charts only once the Explore page is back (Back from See All).
    func testARegionPickedElsewhereLoadsItsChartsWhenTheyShow() throws {
        try Self.withChartsWindow { harness, server in
            let main = harness.main
            Self.section(main, "Top Songs")?.ui.seeAllButton.click()
            XCTAssertTrue(
                MainContext.spin(
                    until: { main.visiblePage == .results && harness.names.count == 4 }, timeout: .seconds(15)))
            main.regionPicker.select("DE")
            MainContext.spin(until: { false }, timeout: .milliseconds(300))  // what would be asked, asked
            XCTAssertFalse(server.requests.contains { $0.path.hasPrefix("/de/rss/") }, "no charts asked for unseen")
            XCTAssertTrue(main.browse.goBack())
            XCTAssertTrue(
                MainContext.spin(
                    until: {
                        main.explore.visiblePage == .charts && Self.section(main, "Top Songs")?.chart.country == "DE"
                    }, timeout: .seconds(15)), "the picked store's charts, once they show")
            XCTAssertTrue(server.requests.contains { $0.path == "/de/rss/topsongs/limit=5/json" })
        }
    }

    /// Every feed fails: the page says what a search's failure says, and Retry asks again.
    func testWhenEveryChartFailsThePageSaysSoAndRetryAsksAgain() throws {
        let busy = Shared(true)
        let (server, base) = try Self.startStore(busy: busy)
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, charts: true)
            defer { harness.dispose() }
            let main = harness.main
            XCTAssertTrue(MainContext.spin(until: { main.explore.visiblePage == .failure }, timeout: .seconds(15)))
            XCTAssertEqual(main.explore.ui.failurePage.title, SearchFailure.serverProblem(status: 503).title)
            XCTAssertTrue(main.explore.ui.retryButton.isVisible)
            busy.withLock { $0 = false }
            main.explore.ui.retryButton.click()
            Self.waitForCharts(main)
            XCTAssertEqual(Self.section(main, "Top Songs")?.items.count, 4)
        }
    }

    /// Offline, the bundled catalog's items by kind, in the same sections.
    func testOfflineTheCatalogsItemsByKind() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, offline: true, charts: true)
            defer { harness.dispose() }
            let main = harness.main
            Self.waitForCharts(main)
            XCTAssertTrue(main.isOffline)
            let titles = main.explore.shownSections.map(\.chart.title)
            XCTAssertEqual(titles.first, "Top Songs")
            XCTAssertFalse(titles.contains("Top Albums"), "the catalog has no albums")
            XCTAssertEqual(Self.section(main, "Top Songs")?.items.count, Chart.sectionLength)
            XCTAssertTrue(Self.section(main, "Top Free Apps")?.items.allSatisfy { $0.price == 0 } ?? false)
        }
    }
}

extension WindowExploreTests {
    /// At a phone's 360 px the sections fold as the results do: one pane, nothing wider than it.
    func testAtAPhonesWidthTheChartsFit() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, offline: true, size: (360, 640), charts: true)
            defer { harness.dispose() }
            let main = harness.main
            XCTAssertTrue(MainContext.spin(until: { main.explore.visiblePage == .charts }, timeout: .seconds(15)))
            XCTAssertTrue(MainContext.spin(until: { main.isFolded }), "360 px holds one pane")
            var minimum: Int32 = 0
            gtk_widget_measure(main.window.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
            XCTAssertLessThanOrEqual(minimum, 360, "the narrowest the window can be")
            XCTAssertLessThanOrEqual(main.window.allocatedWidth, 360, "the window fits a phone's width")
        }
    }
}
