import Foundation
import XCTest

@testable import StoreSearchCore

/// Issue #44: the store's charts (RSS feeds as JSON) read tolerantly, and their records merged
/// from the lookup in the chart's order.
final class ChartFeedTests: XCTestCase {
    func testAChartsURLIsTheStoresFeedOnTheSearchHost() {
        let base = URL(string: "https://itunes.apple.com/")!
        XCTAssertEqual(
            Chart(feed: .topsongs, country: "DE").url(base: base).absoluteString,
            "https://itunes.apple.com/de/rss/topsongs/limit=5/json")
        XCTAssertEqual(
            Chart(feed: .topfreeapplications, country: "US", genre: "6014", limit: 100).url(base: base).absoluteString,
            "https://itunes.apple.com/us/rss/topfreeapplications/genre=6014/limit=100/json")
        XCTAssertNil(Chart(feed: .topsongs, country: "US", genre: "6014/../x").genre, "a genre is a store id")
        XCTAssertEqual(Chart(feed: .topsongs, country: "US", limit: 5000).limit, 200)
        XCTAssertEqual(Chart(feed: .topmovies, country: "JP").whole.limit, Chart.wholeChart)
        let parsed = Chart.parse(path: "/us/rss/toppodcasts/genre=1301/limit=7/json")
        XCTAssertEqual(parsed?.country, "US")
        XCTAssertEqual(parsed?.feed, .toppodcasts)
        XCTAssertEqual(parsed?.limit, 7)
        XCTAssertNil(Chart.parse(path: "/us/rss/topwidgets/limit=7/json"), "an unknown feed")
        XCTAssertNil(Chart.parse(path: "/search"))
    }

    func testEachCategoryShowsItsOwnCharts() {
        XCTAssertEqual(
            ChartFeed.feeds(for: .all),
            [
                .topsongs, .topalbums, .topfreeapplications, .toppaidapplications, .topmovies, .toppaidebooks,
                .toppodcasts,
            ])
        XCTAssertEqual(ChartFeed.feeds(for: .music), [.topsongs, .topalbums, .topmusicvideos])
        XCTAssertEqual(ChartFeed.feeds(for: .audiobooks), [.topaudiobooks])
        for category in Category.allCases { XCTAssertFalse(ChartFeed.feeds(for: category).isEmpty, "\(category)") }
        XCTAssertEqual(ChartFeed.topsongs.title, "Top Songs")
    }

    func testAFeedsEntriesInTheChartsOrderWithTheirFields() throws {
        let entries = try ChartFeedDecoder.decode(Fixture.data("chart-topsongs.json"))
        XCTAssertEqual(
            entries.map(\.id), ["1440857788", "1440857701", "1440857799", "1440857790"],
            "the store's order; an entry without an id skipped, one listed twice once")
        let first = entries[0]
        XCTAssertEqual(first.name, "Kuzu Kuzu")
        XCTAssertEqual(first.artist, "Tarkan")
        XCTAssertEqual(first.price, Decimal(string: "1.29"))
        XCTAssertEqual(first.currency, "USD")
        XCTAssertEqual(first.genre, "Pop")
        XCTAssertEqual(first.kind(in: .topsongs), .song)
        XCTAssertEqual(first.releaseDate, Date(timeIntervalSince1970: 994_834_800), "2001-07-11T00:00:00-07:00")
        XCTAssertEqual(first.artworkURL?.lastPathComponent, "60x60bb.png", "the tallest image up to a thumbnail")
        XCTAssertEqual(first.largeArtworkURL?.lastPathComponent, "170x170bb.png")
        XCTAssertEqual(first.previewURL?.pathExtension, "m4a", "the enclosure is the preview")
        XCTAssertEqual(
            first.storeURL?.absoluteString, "https://music.apple.com/us/album/kuzu-kuzu/1440857781?i=1440857788&uo=2")

        XCTAssertNil(entries[1].price, "an entry with no price has none (not Free)")
        XCTAssertEqual(entries[1].storeURL?.host, "music.apple.com", "one link comes as an object")
        XCTAssertEqual(entries[2].kind(in: .topsongs), .other("ringtone"), "an unknown content type keeps its name")
        XCTAssertEqual(entries[2].kind(in: .topsongs).displayName, "Ringtone")
        XCTAssertNil(entries[3].artworkURL, "a missing image")
        XCTAssertNil(entries[3].largeArtworkURL)
        XCTAssertEqual(entries[3].kind(in: .topsongs), .song)
        XCTAssertEqual(try ChartFeedDecoder.decode(Fixture.data("chart-topsongs.json"), limit: 2).count, 2)
    }

    func testOneEntryIsAnObjectAndNoneIsNoEntry() throws {
        let one = try ChartFeedDecoder.decode(Fixture.data("chart-one-entry.json"))
        XCTAssertEqual(one.map(\.name), ["Karma"])
        XCTAssertEqual(one.first?.kind(in: .topalbums), .album)
        XCTAssertEqual(one.first?.artworkURL?.lastPathComponent, "100x100bb.png")
        XCTAssertEqual(one.first?.result(in: .topalbums, region: "US").id, "collection:1440857781")
        XCTAssertEqual(try ChartFeedDecoder.decode(Fixture.data("chart-empty.json")), [])
    }

    func testWhatIsNoFeedFailsAsASearchsAnswerWould() {
        XCTAssertThrowsError(try ChartFeedDecoder.decode(Data())) {
            XCTAssertEqual($0 as? SearchResponseError, .emptyBody)
        }
        XCTAssertThrowsError(try ChartFeedDecoder.decode(Fixture.data("html-error.html"))) {
            XCTAssertEqual($0 as? SearchResponseError, .notJSON)
        }
        XCTAssertThrowsError(try ChartFeedDecoder.decode(Data(#"{"results":[]}"#.utf8))) {
            XCTAssertEqual($0 as? SearchResponseError, .unexpectedShape)
        }
        XCTAssertThrowsError(try ChartFeedDecoder.decode(Data(#"{"feed":{"entry":"x"}}"#.utf8))) {
            XCTAssertEqual($0 as? SearchResponseError, .unexpectedShape)
        }
        XCTAssertThrowsError(try ChartFeedDecoder.decode(Data(#"{"errorMessage":"Invalid value(s) for key(s)"}"#.utf8)))
        {
            XCTAssertEqual($0 as? SearchResponseError, .serviceMessage("Invalid value(s) for key(s)"))
        }
        // Fields of the wrong type are missing, not a failure.
        let odd =
            #"{"feed":{"entry":[{"im:name":{"label":7},"id":{"attributes":{"im:id":"1"}}},"#
            + #"{"im:name":{"label":"Odd"},"id":{"attributes":{"im:id":"2"}},"im:price":{"attributes":{"amount":"free"}},"#
            + #""im:image":"none","link":[1,2],"im:releaseDate":{"label":"soon"}}]}}"#
        let entries = try? ChartFeedDecoder.decode(Data(odd.utf8))
        XCTAssertEqual(entries?.map(\.name), ["Odd"])
        XCTAssertNil(entries?.first?.price)
        XCTAssertNil(entries?.first?.releaseDate)
    }

    /// The lookup's records in the chart's order; what it did not return from the feed's fields.
    func testTheRecordsAreTheLookupsInTheChartsOrder() throws {
        let entries = try ChartFeedDecoder.decode(Fixture.data("chart-topsongs.json"))
        let lookup = [
            SearchResult(id: "track:1440857790", name: "Hüp (store)", kind: .song, price: 1.29, currency: "USD"),
            SearchResult(
                id: "track:1440857788", name: "Kuzu Kuzu (store)", kind: .song, price: 0.99, currency: "USD",
                storeRegion: "US"),
        ]
        let records = ChartRecords.records(of: entries, in: .topsongs, region: "US", lookup: lookup)
        XCTAssertEqual(records.map(\.name), ["Kuzu Kuzu (store)", "Dudu", "Şımarık Ringtone", "Hüp (store)"])
        XCTAssertEqual(records[0].price, 0.99, "the store's record, not the feed's price")
        XCTAssertEqual(
            records.map(\.id), ["track:1440857788", "track:1440857701", "track:1440857799", "track:1440857790"])
        XCTAssertEqual(Set(records.map(\.storeRegion)), ["US"], "every record belongs to the chart's store")
        XCTAssertEqual(records[1].previewURL, nil)
        XCTAssertEqual(records[2].kind, .other("ringtone"))
        XCTAssertEqual(records[1].releaseDate, entries[1].releaseDate)
    }

    /// Offline, the catalog's items of the chart's kind, in the store's feed shape.
    func testTheOfflineCatalogAnswersChartsByKind() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let catalog = try CatalogIndex(catalog: Data(contentsOf: repository.appending(path: "data/catalog.json")))
        let songs = try ChartFeedDecoder.decode(catalog.chartBody(feed: .topsongs, limit: 5))
        XCTAssertEqual(songs.count, 5)
        XCTAssertTrue(songs.allSatisfy { $0.price != nil && $0.artworkURL != nil })
        let free = try ChartFeedDecoder.decode(catalog.chartBody(feed: .topfreeapplications, limit: 50))
        XCTAssertFalse(free.isEmpty)
        XCTAssertTrue(free.allSatisfy { $0.price == 0 })
        let paid = try ChartFeedDecoder.decode(catalog.chartBody(feed: .toppaidapplications, limit: 50))
        XCTAssertTrue(paid.allSatisfy { ($0.price ?? 0) > 0 })
        XCTAssertEqual(try ChartFeedDecoder.decode(catalog.chartBody(feed: .topalbums, limit: 5)), [], "no albums")
        XCTAssertEqual(
            try ChartFeedDecoder.decode(catalog.chartBody(feed: .topmovies, limit: 1)).count, 1, "one: an object")
    }
}
