import Foundation
import TestSupport
import XCTest
@testable import StoreSearchCore

/// Issue #30: the store's data, per kind, as the store's answers carry it (fixtures made by
/// scripts/generate-fixtures.py in the real answers' shape).
final class StoreDataPerKindTests: ItemFileTestCase {
    private let english = Locale(identifier: "en_US")

    private func decode(_ name: String) throws -> [SearchResult] {
        try SearchResponseDecoder.decode(Fixture.data(name))
    }

    private func rows(_ result: SearchResult, locale: Locale? = nil) -> [(
        title: String, value: String, spoken: String?
    )] {
        (result.details ?? StoreDetails()).rows(
            for: result.kind, collection: result.collectionName, locale: locale ?? english,
            fileSize: { "\($0) bytes" })
    }

    private func value(_ title: String, in result: SearchResult) -> String? {
        rows(result).first { $0.title == title }?.value
    }

    func testAFreePodcastIsFreeNeverRentedAndShowsItsEpisodes() throws {
        let podcast = try XCTUnwrap(decode("podcast.json").first)
        let formatter = PriceFormatter(locale: english)
        XCTAssertEqual(
            formatter.listing(
                price: podcast.price, ownPrice: false, offers: podcast.offers, currency: podcast.currency), "Free",
            "not \"Buy Free · Rent Free\": the answer's zero rental and HD prices mean nothing for a podcast")
        XCTAssertNil(
            formatter.allOffers(price: podcast.price, offers: podcast.offers, currency: podcast.currency),
            "no HD Buy/HD Rent")
        XCTAssertEqual(value("Episodes", in: podcast), "150")
        XCTAssertEqual(value("Content Rating", in: podcast), "Clean")
        XCTAssertNil(value("Lyrics", in: podcast), "a podcast has no lyrics")
        XCTAssertEqual(rows(podcast).filter { $0.title == "Content Rating" }.count, 1, "said once")

        let movie = try XCTUnwrap(decode("movie.json").first)
        XCTAssertEqual(
            formatter.listing(price: movie.price, ownPrice: false, offers: movie.offers, currency: movie.currency),
            "Buy $14.99 · Rent $3.99", "films are still rented")
        let song = try XCTUnwrap(decode("song.json").first)
        XCTAssertNil(value("Episodes", in: song))
        XCTAssertEqual(value("Track", in: song), "2 of 12")
    }

    func testHalfStarsAreNotRoundedUpAndAreSpokenAsWords() throws {
        let app = try XCTUnwrap(decode("software.json").first)
        XCTAssertEqual(app.details?.userRating, 4.5)
        let rating = try XCTUnwrap(rows(app).first { $0.title == "Rating" })
        XCTAssertEqual(rating.value, "★★★★☆ 4.5 (3,001 ratings)", "4.5 is not five stars")
        XCTAssertEqual(rating.spoken, "4.5 out of 5 stars, 3,001 ratings")
        XCTAssertEqual(
            StoreDetails.rating(4.5, count: 601_064, locale: english).spoken, "4.5 out of 5 stars, 601,064 ratings")
        XCTAssertEqual(
            StoreDetails.rating(4.96, count: 10, locale: english).shown, "★★★★★ 5.0 (10 ratings)",
            "stars follow the number shown")
        XCTAssertEqual(StoreDetails.rating(0.4, count: 1, locale: english).shown, "☆☆☆☆☆ 0.4 (1 ratings)")
        XCTAssertTrue(
            StoreDetails.rating(4.5, count: 3001, locale: Locale(identifier: "de_DE")).shown.contains("4,5"),
            "the locale's digits")
        XCTAssertNil(rows(app).first { $0.title == "Size" }?.spoken, "only values that are not words get a spoken form")
    }

    func testAnAlbumOnlySongKeepsItsOfferInTheItemFileMyItemsAndTheExport() throws {
        let song = try XCTUnwrap(decode("album-only.json").first)
        XCTAssertEqual(song.offers?.restriction, .albumOnly)
        var store = ItemStore()
        store.keep(song, at: Date(timeIntervalSince1970: 1_000))
        try file.save(store)
        let text = try String(contentsOf: file.url, encoding: .utf8)
        XCTAssertTrue(text.contains("<key>offer</key>\n") || text.contains("<key>offer</key>"), text)
        XCTAssertTrue(text.contains("<string>album-only</string>"), "a word, not a number, in the snapshot")
        XCTAssertTrue(
            text.contains("<key>formatVersion</key>\n\t<integer>\(ItemStoreFile.formatVersion)</integer>"),
            "the offer is a key of its own in the snapshot: no format change for it")
        var loaded = try file.load().store

        let item = try XCTUnwrap(MyItemsList(store: loaded, order: .name).items().first)
        XCTAssertEqual(
            item.item.result.offers, StoreOffers(restriction: .albumOnly, collectionPrice: Decimal(string: "9.99")))
        XCTAssertEqual(
            PriceFormatter(locale: english).listing(
                price: item.item.price, ownPrice: false, offers: item.item.result.offers,
                currency: item.item.result.currency), "Album Only · $9.99",
            "My Items' row says what search says")
        XCTAssertFalse(loaded.refreshSnapshots(from: [song]), "the store's next answer is the same snapshot")

        let csv = MyItemsCSV.parse(
            try XCTUnwrap(String(data: MyItemsExport.data([item], format: .csv), encoding: .utf8)))
        let field = { (name: String) in csv[1][MyItemsExport.columns.firstIndex(of: name)!] }
        XCTAssertEqual(field("offer"), "album-only")
        XCTAssertEqual(field("collectionPrice"), "9.99")
        XCTAssertEqual(field("price"), "", "no price of its own")
        XCTAssertEqual(field("currency"), "USD")
        let json = try JSONSerialization.jsonObject(with: MyItemsExport.data([item], format: .json)) as? [[String: Any]]
        XCTAssertEqual(json?.first?["offer"] as? String, "album-only")
        XCTAssertEqual((json?.first?["collectionPrice"] as? NSNumber)?.doubleValue, 9.99)
    }

    func testAnOfferOfAnotherVersionLosesOnlyThatField() throws {
        let song = try XCTUnwrap(decode("album-only.json").first)
        var store = ItemStore()
        store.keep(song)
        try file.save(store)
        let text = try String(contentsOf: file.url, encoding: .utf8)
            .replacingOccurrences(of: "<string>album-only</string>", with: "<string>season-pass-only</string>")
            .replacingOccurrences(of: "<string>9.99</string>", with: "<date>2020-01-01T00:00:00Z</date>")
        try Data(text.utf8).write(to: file.url)
        let snapshot = try XCTUnwrap(file.load().store.records[song.id]?.snapshot)
        XCTAssertNil(snapshot.offers)
        XCTAssertEqual(snapshot.name, "Hidden Track", "the rest of the snapshot is read")
    }

    func testAnArtistsRecordIsKeptAsAnArtistAndAlbumsShowTracksAndCopyright() throws {
        let results = try decode("artist-albums.json")
        XCTAssertEqual(results.count, 4, "the artist and their three albums")
        let artist = results[0]
        XCTAssertEqual(artist.kind, .artist)
        XCTAssertEqual(artist.id, "artist:1800000")
        XCTAssertEqual(artist.name, "Jack Johnsen")
        XCTAssertNil(artist.artist, "an artist is not by an artist")
        XCTAssertEqual(artist.genre, "Rock")
        XCTAssertEqual(artist.storeURL?.absoluteString, "https://music.apple.com/us/artist/jack-johnsen/1800000?uo=4")
        XCTAssertNil(artist.artworkURL)
        XCTAssertEqual(Item(result: artist).artistAndKind, "Artist")

        let album = results[1]
        XCTAssertEqual(album.kind, .album)
        XCTAssertEqual(value("Tracks", in: album), "10")
        XCTAssertEqual(value("Copyright", in: album), "℗ 2005 Jack Johnsen")
        let book = try XCTUnwrap(decode("ebook.json").first)
        XCTAssertEqual(value("Size", in: book), "1200001 bytes", "an e-book's size comes as a number, an app's as text")
        XCTAssertEqual(value("Size", in: try XCTUnwrap(decode("software.json").first)), "10001234 bytes")
    }

    func testAnArtistLinkNamesTheArtistsRecord() throws {
        let link = try StoreLink.parse("https://music.apple.com/us/artist/jack-johnsen/1800000").get()
        XCTAssertEqual(link.id, "1800000")
        XCTAssertEqual(link.region, "US")
        let artistOnly = try decode("artist.json")
        XCTAssertEqual(
            link.item(in: artistOnly)?.kind, .artist, "the store's answer to the link's lookup has the artist")
        let albumsFirst = try decode("artist-albums.json").reversed()
        XCTAssertEqual(
            link.item(in: Array(albumsFirst))?.id, "artist:1800000", "the record with the link's id, wherever it is")
        XCTAssertEqual(LookupQuery.storeID(ofItem: "artist:1800000"), "1800000", "a kept artist can be looked up again")
    }

    func testPricesSortWithinTheirCurrencyAndCurrenciesGroup() {
        func result(_ id: Int, _ price: String?, _ currency: String?) -> SearchResult {
            SearchResult(
                id: "track:\(id)", name: "Item \(id)", kind: .song, price: price.flatMap { Decimal(string: $0) },
                currency: currency)
        }
        var store = ItemStore()
        for item in [
            result(1, "18.99", "AUD"), result(2, "300", "JPY"), result(3, "1.29", "USD"), result(4, "2.99", "AUD"),
            result(5, "250", "JPY"), result(6, nil, "USD"), result(7, "0.99", nil),
        ] {
            store.keep(item)
        }
        var albumOnly = result(8, nil, "USD")
        albumOnly.offers = StoreOffers(restriction: .albumOnly, collectionPrice: Decimal(string: "9.99"))
        store.keep(albumOnly)
        XCTAssertEqual(
            MyItemsList(store: store, order: .price).items().map(\.id),
            ["track:4", "track:1", "track:5", "track:2", "track:3", "track:8", "track:7", "track:6"],
            "A$2.99, A$18.99, ¥250, ¥300, $1.29, Album Only · $9.99, then no currency, then no price")
    }

    func testTheExportsKindIsTheSameInEveryLanguage() throws {
        let video = try XCTUnwrap(decode("music-video.json").first)
        var store = ItemStore()
        store.keep(video)
        let items = MyItemsList(store: store, order: .name).items()
        let csv = MyItemsCSV.parse(
            try XCTUnwrap(String(data: MyItemsExport.data(items, format: .csv), encoding: .utf8)))
        let field = { (name: String) in csv[1][MyItemsExport.columns.firstIndex(of: name)!] }
        XCTAssertEqual(field("kind"), "music-video", "a data value, not the translated \"Musikvideo\"")
        XCTAssertEqual(field("kindName"), video.kind.displayName, "the name as the user reads it, beside it")
        XCTAssertEqual(
            MyItemsExport.columns.firstIndex(of: "kindName"), MyItemsExport.columns.firstIndex(of: "kind")! + 1)
        XCTAssertEqual(
            [
                ResultKind.song, .app, .ebook, .audiobook, .podcast, .movie, .musicVideo, .tvEpisode, .album, .artist,
                .other("tv-season"),
            ]
            .map(\.dataName),
            [
                "song", "app", "ebook", "audiobook", "podcast", "movie", "music-video", "tv-episode", "album", "artist",
                "tv-season",
            ])
    }
}
