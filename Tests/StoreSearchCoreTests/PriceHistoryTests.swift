import Foundation
import XCTest
@testable import StoreSearchCore

/// Kept items' price history (issue #33): one entry per change in the item file (format 4), read
/// back exactly, format-3 files migrated with nothing lost, and My Items' Price Drops filter and
/// Price Change order.
final class PriceHistoryTests: ItemFileTestCase {
    private let day1 = Date(timeIntervalSince1970: 1_790_000_000)
    private var day2: Date { day1.addingTimeInterval(86_400) }
    private var day3: Date { day1.addingTimeInterval(2 * 86_400) }

    private func song(
        _ id: String, _ name: String, price: Decimal?, currency: String = "USD", albumOnly: Decimal? = nil
    ) -> SearchResult {
        SearchResult(
            id: id, name: name, artist: "Tarkan", kind: .song, price: price,
            offers: albumOnly.map { StoreOffers(restriction: .albumOnly, collectionPrice: $0) }, currency: currency,
            storeRegion: "US")
    }

    func testOneEntryPerChangeWithDropsAndRises() {
        var store = ItemStore()
        store.keep(song("track:1", "Kuzu Kuzu", price: 0.99), at: day1)
        XCTAssertEqual(store.records["track:1"]?.priceHistory, [], "no change yet: no history")
        XCTAssertEqual(
            store.refreshPrices(from: [song("track:1", "Kuzu Kuzu", price: 0.99)], at: day2), [:],
            "the same price is no change")
        let drop = store.refreshPrices(from: [song("track:1", "Kuzu Kuzu", price: 0.49)], at: day2)
        XCTAssertEqual(drop["track:1"]?.isDrop, true)
        XCTAssertEqual(store.records["track:1"]?.priceHistory.map(\.price), [0.99, 0.49])
        XCTAssertEqual(
            store.records["track:1"]?.priceHistory.map(\.date), [day1, day2], "the first price dated when it was kept")
        XCTAssertEqual(
            store.refreshPrices(from: [song("track:1", "Kuzu Kuzu (Remastered)", price: 0.49)], at: day3), [:],
            "a new name is no price change")
        XCTAssertEqual(store.records["track:1"]?.priceHistory.count, 2)
        let rise = store.refreshPrices(from: [song("track:1", "Kuzu Kuzu", price: 1.29)], at: day3)
        XCTAssertEqual(rise["track:1"]?.isRise, true)
        XCTAssertEqual(store.records["track:1"]?.priceHistory.map(\.price), [0.99, 0.49, 1.29])
        XCTAssertEqual(store.records["track:1"]?.lowestPrice?.price, 0.49)
        XCTAssertEqual(store.records["track:1"]?.lowestPrice?.date, day2)
    }

    func testOnlyKeptItemsGetAHistoryAndOtherCurrenciesOrOffersAreNoDrop() {
        var store = ItemStore()
        store.markVisited(song("track:2", "Visited", price: 0.99), at: day1)
        XCTAssertEqual(store.refreshPrices(from: [song("track:2", "Visited", price: 0.49)], at: day2), [:])
        store.refreshSnapshots(from: [song("track:2", "Visited", price: 0.49)], at: day2)
        XCTAssertEqual(store.records["track:2"]?.priceHistory, [], "not kept: no history")

        store.keep(song("track:3", "Album", price: 0.99), at: day1)
        let changes = store.refreshPrices(from: [song("track:3", "Album", price: nil, albumOnly: 5.99)], at: day2)
        XCTAssertEqual(changes["track:3"]?.isDrop, false, "now sold only with its album: a change, not a drop")
        XCTAssertEqual(store.records["track:3"]?.priceHistory.last?.offer, .albumOnly)
        XCTAssertEqual(
            store.records["track:3"]?.priceHistory.last?.price, 5.99, "the album's price, as the row shows it")

        store.keep(song("track:4", "Lira", price: 9, currency: "TRY"), at: day1)
        XCTAssertEqual(
            store.refreshPrices(from: [song("track:4", "Lira", price: 0.99, currency: "USD")], at: day2), [:],
            "another currency is another store's price: not taken")
        XCTAssertEqual(store.records["track:4"]?.snapshot?.price, 9)
    }

    /// Issue #45: a kept item belongs to the store it was kept in.
    func testAKeptItemStaysInItsStoreUntilTheUserMovesIt() throws {
        var store = ItemStore()
        store.keep(song("track:1", "App", price: 17.99), at: day1)
        var german = song("track:1", "App", price: 17.99, currency: "EUR")
        german.storeRegion = "DE"
        let kept = store.records["track:1"]
        XCTAssertFalse(store.refreshSnapshots(from: [german], at: day2), "seen in another store: nothing changes")
        XCTAssertEqual(store.refreshPrices(from: [german], at: day2), [:])
        var euro = german
        euro.storeRegion = "US"  // the item's own store, answering in another currency
        XCTAssertEqual(store.refreshPrices(from: [euro], at: day2), [:])
        XCTAssertEqual(store.records["track:1"], kept)

        let shown = try XCTUnwrap(store.apply(to: [german]).first)
        XCTAssertEqual(shown.keptFrom?.storeRegion, "US", "shown from the German store, kept from the US one")
        XCTAssertEqual(shown.price, 17.99)
        XCTAssertNil(store.item(for: kept!.snapshot!).keptFrom, "from its own store")

        let before = try XCTUnwrap(store.watchedStore(of: "track:1"))
        let move = ItemChange(result: german, kind: .watchedStore(before: before, after: WatchedStore(of: german)))
        store.apply(move, at: day2)
        XCTAssertEqual(store.records["track:1"]?.snapshot?.storeRegion, "DE")
        XCTAssertEqual(store.records["track:1"]?.keptAt, kept?.keptAt)
        store.apply(move.inverse, at: day3)
        XCTAssertEqual(store.records["track:1"]?.snapshot, kept?.snapshot)
        XCTAssertNil(store.watchedStore(of: "track:2"), "only a kept item is watched")
    }

    /// Issue #45: a file where a kept item already moved store ("$17.99 → €17.99") reads the
    /// entry in another currency as the start of a new series: neither a drop nor a rise.
    func testAPriceInAnotherCurrencyStartsANewSeries() {
        var record = ItemRecord(id: "track:1")
        record.priceHistory = [
            PricePoint(date: day1, price: 17.99, currency: "USD"),
            PricePoint(date: day2, price: 17.99, currency: "EUR"),
        ]
        XCTAssertNil(record.priceChange)
        record.priceHistory.append(PricePoint(date: day3, price: 14.99, currency: "EUR"))
        XCTAssertEqual(record.priceChange?.isDrop, true, "within the new series")
        XCTAssertEqual(record.lowestPrice?.price, 14.99)
    }

    /// Issue #45: a price that is no price (text, NaN, a negative other than the store's -1) is
    /// not a change to "Album Only"; an id answered twice with two prices is not taken.
    func testOnlyTheStoresRealPricesAreTaken() throws {
        let body = """
            {"resultCount":7,"results":[
            {"wrapperType":"track","kind":"song","trackId":1,"trackName":"Text","trackPrice":"0.49","collectionPrice":9.99,"currency":"USD"},
            {"wrapperType":"track","kind":"song","trackId":2,"trackName":"Negative","trackPrice":-5,"collectionPrice":9.99,"currency":"USD"},
            {"wrapperType":"track","kind":"song","trackId":3,"trackName":"NaN","trackPrice":"NaN","collectionPrice":9.99,"currency":"USD"},
            {"wrapperType":"track","kind":"song","trackId":4,"trackName":"Album Only","trackPrice":-1,"collectionPrice":9.99,"currency":"USD"},
            {"wrapperType":"track","kind":"song","trackId":5,"trackName":"Priced","trackPrice":0.99,"currency":"USD"},
            {"wrapperType":"collection","collectionType":"Album","collectionId":6,"collectionName":"Album","collectionPrice":"9.99","currency":"USD"},
            {"wrapperType":"collection","collectionType":"Album","collectionId":7,"collectionName":"Album","collectionPrice":9.99,"currency":"USD"}]}
            """
        let results = try SearchResponseDecoder.decode(Data(body.utf8))
        XCTAssertEqual(results.map(\.hasUnreadablePrice), [true, true, true, false, false, true, false])
        XCTAssertEqual(results.map(\.price), [nil, nil, nil, nil, 0.99, nil, 9.99])
        XCTAssertEqual(results.map { $0.offers?.restriction }, [nil, nil, nil, .albumOnly, nil, nil, nil])

        var store = ItemStore()
        for id in 1...3 { store.keep(song("track:\(id)", "Song", price: 0.99), at: day1) }
        var unreadable = results.prefix(3).map { $0.with(region: "US") }
        XCTAssertEqual(store.refreshPrices(from: unreadable, at: day2), [:])
        unreadable = [song("track:1", "Song", price: 0.49), song("track:1", "Song", price: 0.39)]
        XCTAssertEqual(store.refreshPrices(from: unreadable, at: day2), [:], "which of two is the store's?")
        let twice = [song("track:1", "Song", price: 0.49), song("track:1", "Song", price: 0.49)]
        XCTAssertEqual(store.refreshPrices(from: twice, at: day2).count, 1)
        XCTAssertEqual(store.records["track:1"]?.priceHistory.map(\.price), [0.99, 0.49], "one change")
    }

    func testASearchShowingAKeptItemsNewPriceIsInItsHistoryToo() {
        var store = ItemStore()
        store.keep(song("track:1", "Kuzu Kuzu", price: 0.99), at: day1)
        store.refreshSnapshots(from: [song("track:1", "Kuzu Kuzu", price: 0.49)], at: day2)
        XCTAssertEqual(store.records["track:1"]?.priceChange?.isDrop, true)
        XCTAssertEqual(store.item(for: song("track:1", "Kuzu Kuzu", price: 0.49)).priceChange?.previous.price, 0.99)
    }

    /// An action (an edit, a visit, an undo) carries the result as it was when shown: on a kept
    /// item checked since, it neither brings the old price back nor adds to the history.
    func testAnActionWithAnOlderResultLeavesAKeptItemsPricesAlone() {
        var store = ItemStore()
        let shown = song("track:1", "Kuzu Kuzu", price: 0.99)
        store.keep(shown, at: day1)
        store.refreshPrices(from: [song("track:1", "Kuzu Kuzu", price: 0.49)], at: day2)
        store.setEdits(ItemEdits(notes: "gift"), for: shown, at: day3)
        store.markVisited(shown, at: day3)
        XCTAssertEqual(store.records["track:1"]?.snapshot?.price, 0.49)
        XCTAssertEqual(store.records["track:1"]?.priceHistory.map(\.price), [0.99, 0.49])
        XCTAssertEqual(store.records["track:1"]?.edits.notes, "gift")
    }

    func testTheHistoryIsWrittenAndReadBackExactly() throws {
        var store = ItemStore()
        store.keep(song("track:1", "Kuzu Kuzu", price: 0.99), at: day1)
        store.refreshPrices(from: [song("track:1", "Kuzu Kuzu", price: nil, albumOnly: 9.99)], at: day2)
        store.refreshPrices(from: [song("track:1", "Kuzu Kuzu", price: 0.49)], at: day3)
        try file.save(store)
        let text = try String(contentsOf: file.url, encoding: .utf8)
        XCTAssertTrue(text.contains("<key>priceHistory</key>"), text)
        XCTAssertTrue(text.contains("<string>album-only</string>"))
        XCTAssertEqual(ItemStoreFile.formatVersion(ofFileAt: file.url), 4)
        let loaded = try file.load()
        XCTAssertNil(loaded.notice)
        XCTAssertEqual(loaded.store, store)
        XCTAssertEqual(loaded.store.records["track:1"]?.priceHistory.map(\.offer), [nil, .albumOnly, nil])
    }

    /// A format-3 file with another tool's keys (at the top, in a record, in its snapshot): read
    /// as it is, and after a refresh written as format 4 with the history and every key kept.
    func testAFormat3FileWithOtherToolsKeysMigratesWithNothingLost() throws {
        var text = String(decoding: Fixture.data("items-format-3.plist"), as: UTF8.self)
        text = text.replacingOccurrences(
            of: "<key>items</key>",
            with: "<key>otherApp.sync</key><dict><key>token</key><string>abc</string></dict><key>items</key>")
        text = text.replacingOccurrences(
            of: "<key>id</key>\n\t\t\t<string>track:1</string>",
            with:
                "<key>id</key>\n\t\t\t<string>track:1</string>\n\t\t\t<key>otherApp.rating</key>\n\t\t\t<integer>5</integer>"
        )
        text = text.replacingOccurrences(
            of: "<key>storeRegion</key>", with: "<key>otherApp.seen</key><true/><key>storeRegion</key>")
        try Data(text.utf8).write(to: file.url)
        var store = try file.load().store
        let before = try XCTUnwrap(store.records["track:1"])
        XCTAssertEqual(before.otherFields["otherApp.rating"], .integer(5))
        XCTAssertEqual(before.priceHistory, [])
        var cheaper = try XCTUnwrap(before.snapshot)
        cheaper.price = 0.99
        XCTAssertEqual(store.refreshPrices(from: [cheaper], at: day2)["track:1"]?.isDrop, true)
        try file.save(store)
        XCTAssertEqual(ItemStoreFile.formatVersion(ofFileAt: file.url), ItemStoreFile.formatVersion)
        let after = try XCTUnwrap(try file.load().store.records["track:1"])
        XCTAssertEqual(after.priceHistory.map(\.price), [1.29, 0.99])
        XCTAssertEqual(after.priceHistory.first?.currency, "TRY")
        XCTAssertEqual(after.priceHistory.first?.date, before.keptAt)
        XCTAssertEqual(after.otherFields["otherApp.rating"], .integer(5))
        XCTAssertEqual(after.otherSnapshotFields["otherApp.seen"], .bool(true))
        XCTAssertEqual(after.edits, before.edits, "the user's own name and price")
        XCTAssertEqual(after.visitedAt, before.visitedAt)
        XCTAssertEqual(try file.load().store.otherFields["otherApp.sync"], .dictionary(["token": .string("abc")]))
    }

    /// A history another tool wrote that cannot be read is kept as written (and said), never half read.
    func testAHistoryThatCannotBeReadIsKeptAsWritten() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>formatVersion</key><integer>4</integer><key>items</key><array>
            <dict><key>id</key><string>track:9</string><key>keptAt</key><date>2026-11-20T09:00:00Z</date>
            <key>priceHistory</key><array><dict><key>price</key><string>0.99</string></dict></array></dict>
            </array></dict></plist>
            """
        try Data(plist.utf8).write(to: file.url)
        let loaded = try file.load()
        XCTAssertNotNil(loaded.notice)
        XCTAssertEqual(loaded.store.records["track:9"]?.priceHistory, [])
        try file.save(loaded.store)
        XCTAssertTrue(
            try String(contentsOf: file.url, encoding: .utf8).contains("<key>priceHistory</key>"),
            "written back as it was")
    }

    /// 10,000 kept items in three regions: ⌈n/200⌉ requests per region, each of one region only.
    func testLookupsAreGroupedByRegionAtMost200IdsEach() {
        let items =
            (0..<10_000).map { (id: "track:\(1_000_000 + $0)", region: $0 < 6_000 ? "US" : $0 < 9_000 ? "DE" : "JP") }
            + [(id: "url:https://example.com/x", region: "US")]  // known only by its link: not looked up
        let batches = LookupQuery.batches(items)
        XCTAssertEqual(batches.filter { $0.country == "US" }.count, 30)
        XCTAssertEqual(batches.filter { $0.country == "DE" }.count, 15)
        XCTAssertEqual(batches.filter { $0.country == "JP" }.count, 5)
        XCTAssertTrue(batches.allSatisfy { $0.ids.count <= LookupQuery.maximumIDs })
        XCTAssertEqual(batches.reduce(0) { $0 + $1.ids.count }, 10_000)
        XCTAssertEqual(Set(batches.flatMap(\.ids)).count, 10_000, "each id once")
    }

    func testPriceDropsFilterAndPriceChangeOrder() {
        var store = ItemStore()
        for (id, name, price) in [
            ("track:1", "Halved", Decimal(1)), ("track:2", "Dearer", 1), ("track:3", "Same", 1),
            ("track:4", "Quarter off", 1),
        ] {
            store.keep(song(id, name, price: price), at: day1)
        }
        store.refreshPrices(
            from: [
                song("track:1", "Halved", price: 0.5), song("track:2", "Dearer", price: 2),
                song("track:4", "Quarter off", price: 0.75),
            ], at: day2)
        let list = MyItemsList(store: store, order: .priceChange)
        XCTAssertEqual(list.items().map(\.item.name), ["Halved", "Quarter off", "Dearer", "Same"])
        XCTAssertEqual(list.items(.priceDrops).map(\.item.name), ["Halved", "Quarter off"])
        var edited = store
        edited.setEdits(ItemEdits(price: 3), for: song("track:1", "Halved", price: 0.5), at: day3)
        XCTAssertEqual(
            MyItemsList(store: edited, order: .name).items(.priceDrops).map(\.item.name), ["Quarter off"],
            "the user's own price is what the row shows: no drop beside it")
    }
}

extension SearchResult {
    fileprivate func with(region: String) -> SearchResult {
        var copy = self
        copy.storeRegion = region
        return copy
    }
}
