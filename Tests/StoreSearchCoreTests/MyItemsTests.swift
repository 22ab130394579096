import Foundation
import TestSupport
import XCTest
@testable import StoreSearchCore

/// Issue #18: what My Items lists, in which order, and what it exports.
final class MyItemsTests: XCTestCase {
    private func result(_ id: Int, _ name: String, artist: String? = nil, price: String? = nil) -> SearchResult {
        SearchResult(
            id: "track:\(id)", name: name, artist: artist, kind: .song, price: price.flatMap { Decimal(string: $0) },
            currency: "USD", storeURL: URL(string: "https://music.apple.com/us/song/\(id)"),
            collectionName: "Album \(id)",
            storeRegion: "US")
    }

    private func sampleStore() -> ItemStore {
        var store = ItemStore()
        store.setEdits(
            ItemEdits(name: "Zebra (Live)", notes: "Çok güzel, \"best\" take\nsecond line"),
            for: result(1, "Zebra", artist: "Alpha", price: "1.29"),
            at: Date(timeIntervalSince1970: 300))
        store.markVisited(result(2, "Ábaco", artist: "Mu", price: "0.99"), at: Date(timeIntervalSince1970: 100))
        store.hide(result(3, "Hidden", artist: "Beta"), at: Date(timeIntervalSince1970: 200))
        store.keep(result(4, "東京", artist: "Ça Va", price: "2.50"), at: Date(timeIntervalSince1970: 400))
        return store
    }

    func testEveryTouchedItemKeepsASnapshotRefreshedByLaterSearches() {
        var store = sampleStore()
        XCTAssertEqual(store.records.values.filter { $0.snapshot == nil }.count, 0)
        XCTAssertEqual(store.records["track:4"]?.snapshot?.collectionName, "Album 4")
        XCTAssertEqual(store.records["track:4"]?.snapshot?.storeRegion, "US")
        var newer = result(4, "東京 (2024 Remaster)", artist: "Ça Va")
        newer.details = StoreDetails()
        XCTAssertTrue(store.refreshSnapshots(from: [newer, result(99, "Not mine")]))
        XCTAssertEqual(store.records["track:4"]?.snapshot?.name, "東京 (2024 Remaster)")
        XCTAssertNil(store.records["track:4"]?.snapshot?.details, "per-kind details are not kept")
        XCTAssertNil(store.records["track:99"], "a result nobody touched is not recorded")
        XCTAssertFalse(store.refreshSnapshots(from: [newer]), "the same snapshot again changes nothing")
        XCTAssertEqual(
            store.records["track:4"]?.changedAt, Date(timeIntervalSince1970: 400), "a refresh is not the user's change")
    }

    func testFiltersOrdersAndTypedTextNarrowTheList() {
        let store = sampleStore()
        let byName = MyItemsList(store: store, order: .name)
        XCTAssertEqual(
            byName.items().map(\.item.name), ["Ábaco", "Hidden", "Zebra (Live)", "東京"], "accents fold: Á sorts with A")
        XCTAssertEqual(byName.items(.kept).map(\.id), ["track:4"])
        XCTAssertEqual(byName.items(.edited).map(\.id), ["track:1"])
        XCTAssertEqual(byName.items(.visited).map(\.id), ["track:2"])
        XCTAssertEqual(byName.items(.hidden).map(\.id), ["track:3"])
        XCTAssertEqual(byName.items(matching: "abaco").map(\.id), ["track:2"], "case and accents ignored")
        XCTAssertEqual(byName.items(matching: "güzel").map(\.id), ["track:1"], "notes are searched")
        XCTAssertEqual(
            byName.items(matching: "ca va").map(\.id), ["track:4"], "artists are searched, every word must match")
        XCTAssertEqual(byName.items(.kept, matching: "zebra").map(\.id), [])
        for query in ["SIMARIK", "şımarık", "simarik"] {
            XCTAssertTrue(MyItemsList.text("Şımarık", matches: query), "\(query): Turkish ı and İ fold to i")
        }
        XCTAssertTrue(MyItemsList.text("İstanbul", matches: "istanbul"))
        XCTAssertEqual(
            MyItemsList(store: store, order: .artist).items().map(\.id), ["track:1", "track:3", "track:4", "track:2"])
        XCTAssertEqual(
            MyItemsList(store: store, order: .dateChanged).items().map(\.id),
            ["track:4", "track:1", "track:3", "track:2"],
            "most recently changed first")
        XCTAssertEqual(
            MyItemsList(store: store, order: .price).items().map(\.id), ["track:2", "track:1", "track:4", "track:3"],
            "no price last")
    }

    /// Issue #32: a change puts the changed items where a full sort would (by binary search), in
    /// every order, with ties, missing values and prices in other currencies among them.
    func testUpdatingPutsChangedItemsWhereAFullSortWould() {
        var store = ItemStore()
        for index in 0..<300 {
            var song = result(
                index, "Name \(index % 37)", artist: index % 5 == 0 ? nil : "Artist \(index % 11)",
                price: index % 3 == 0 ? nil : "\(index % 13).99")
            if index % 4 == 0 { song.currency = "EUR" }
            store.markVisited(song, at: Date(timeIntervalSince1970: Double(index % 50)))
        }
        var changed = store
        changed.setEdits(
            ItemEdits(name: "Ábaco", price: Decimal(string: "0.5")), for: result(7, "Name 7"),
            at: Date(timeIntervalSince1970: 25))
        changed.markVisited(
            result(1000, "Name 3", artist: "Artist 3", price: "3.99"), at: Date(timeIntervalSince1970: 3))
        let removed = changed.records["track:9"]!
        changed.apply(ItemChange(result: removed.snapshot!, kind: .record(before: removed, after: nil)))
        for order in MyItemsOrder.allCases {
            let updated = MyItemsList(store: store, order: order).updating(
                ["track:7", "track:1000", "track:9"].map { ($0, changed.records[$0]) })
            XCTAssertEqual(
                updated.items().map(\.id), MyItemsList(store: changed, order: order).items().map(\.id), "\(order)")
            XCTAssertEqual(updated.count, 300)
        }
        let list = MyItemsList(store: changed, order: .name)
        XCTAssertEqual(
            list.sorted(by: .price).sorted(by: .name).items().map(\.id), list.items().map(\.id), "orders come and go")
        XCTAssertEqual(list.positions(.all, matching: "abaco").map(list.id(at:)), ["track:7"])
    }

    func testRemoveForgetsTheRecordAndUndoBringsItBack() {
        var store = sampleStore()
        let record = store.records["track:1"]!
        let remove = ItemChange(result: record.snapshot!, kind: .record(before: record, after: nil))
        store.apply(remove)
        XCTAssertNil(store.records["track:1"])
        store.apply(remove.inverse)
        XCTAssertEqual(store.records["track:1"], record)
    }

    func testARecordWithoutSnapshotIsListedUnderItsEditedName() {
        let store = ItemStore(records: [
            "track:7": ItemRecord(id: "track:7", edits: ItemEdits(notes: "old"), visitedAt: Date()),
            "track:8": ItemRecord(id: "track:8", edits: ItemEdits(name: "Mine")),
        ])
        let items = MyItemsList(store: store, order: .name).items()
        XCTAssertEqual(items.map(\.item.name), ["Item not looked up yet", "Mine"])
        XCTAssertTrue(items.allSatisfy(\.isAwaitingLookup))
        XCTAssertEqual(store.recordsWithoutSnapshot.map(\.id), ["track:7", "track:8"])
    }

    // MARK: Export

    func testCSVFollowsRFC4180AndReadsBack() throws {
        let items = MyItemsList(store: sampleStore(), order: .name).items()
        let text = try XCTUnwrap(String(data: MyItemsExport.data(items, format: .csv), encoding: .utf8))
        XCTAssertTrue(text.hasSuffix("\r\n"))
        let rows = MyItemsCSV.parse(text)
        XCTAssertEqual(rows.first, MyItemsExport.columns, "a header row")
        XCTAssertEqual(rows.count, 5)
        let zebra = try XCTUnwrap(rows.first { $0[0] == "track:1" })
        let field = { (name: String) in zebra[MyItemsExport.columns.firstIndex(of: name)!] }
        XCTAssertEqual(field("name"), "Zebra (Live)")
        XCTAssertEqual(field("storeName"), "Zebra", "the store's original beside the user's value")
        XCTAssertEqual(
            field("notes"), "Çok güzel, \"best\" take\nsecond line",
            "quotes, commas, newlines and non-Latin text survive")
        XCTAssertEqual(field("price"), "1.29")
        XCTAssertEqual(field("currency"), "USD")
        XCTAssertEqual(field("changed"), "1970-01-01T00:05:00Z")
        XCTAssertEqual(rows.first { $0[0] == "track:4" }?[MyItemsExport.columns.firstIndex(of: "name")!], "東京")
    }

    func testJSONReadsBackWithNumbersAndFlags() throws {
        let items = MyItemsList(store: sampleStore(), order: .name).items()
        let parsed =
            try JSONSerialization.jsonObject(with: MyItemsExport.data(items, format: .json)) as? [[String: Any]]
        let zebra = try XCTUnwrap(parsed?.first { $0["id"] as? String == "track:1" })
        XCTAssertEqual(zebra["notes"] as? String, "Çok güzel, \"best\" take\nsecond line")
        XCTAssertEqual((zebra["price"] as? NSNumber)?.doubleValue, 1.29)
        XCTAssertEqual(zebra["storeName"] as? String, "Zebra")
        XCTAssertEqual(zebra["hidden"] as? Bool, false)
        XCTAssertEqual(parsed?.count, 4)
    }

    func testExportWritesWholeFilesOrNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appending(
            path: "storesearch-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let items = MyItemsList(store: sampleStore(), order: .name).items()
        try MyItemsExport.write(items, to: directory.appending(path: "mine.json"))
        XCTAssertThrowsError(try MyItemsExport.write(items, to: directory.appending(path: "mine.txt"))) {
            XCTAssertEqual(
                ($0 as? MyItemsExport.Failure)?.message,
                "Cannot export to \(directory.path)/mine.txt: the file name must end in .csv or .json.")
        }
        XCTAssertThrowsError(try MyItemsExport.write(items, to: directory.appending(path: "missing/mine.csv")))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path), ["mine.json"],
            "no partial or temporary file")
    }

    /// Issue #45: the Save dialog's CSV/JSON choice sets the extension; a name typed with the
    /// other one keeps it while the choice was left as it opened.
    func testTheFormatPickedInTheSaveDialogSetsTheExtension() {
        typealias Format = MyItemsExport.Format
        XCTAssertEqual(Format.json.fileName(for: "report", picked: true), "report.json")
        XCTAssertEqual(Format.csv.fileName(for: "report", picked: false), "report.csv")
        XCTAssertEqual(Format.json.fileName(for: "My Items.csv", picked: true), "My Items.json", "picked: it wins")
        XCTAssertEqual(Format.csv.fileName(for: "mine.json", picked: false), "mine.json", "typed: it wins")
        XCTAssertEqual(Format.json.fileName(for: "mine.JSON", picked: true), "mine.JSON")
        XCTAssertEqual(Format.csv.fileName(for: "notes.txt", picked: false), "notes.txt.csv")
    }
}
