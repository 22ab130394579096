import Foundation
import TestSupport
import XCTest
@testable import StoreSearchCore

/// Issue #17: one reader for every item file written so far and for any valid property list
/// another tool writes (XML or binary), through one table of keys; the next save keeps it all.
final class ItemFileFormatsTests: ItemFileTestCase {
    private func load(fixture name: String) throws -> ItemStore {
        let data = try Data(contentsOf: Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "plist")!)
        try data.write(to: file.url)
        let loaded = try file.load()
        XCTAssertNil(loaded.notice, name)
        return loaded.store
    }

    /// Saves `store`, checks the file is what Foundation reads as a property list, and loads it back.
    private func savedAndReloaded(_ store: ItemStore) throws -> ItemStore {
        try file.save(store)
        XCTAssertNotNil(
            try PropertyListSerialization.propertyList(from: Data(contentsOf: file.url), format: nil) as? [String: Any])
        XCTAssertEqual(ItemStoreFile.formatVersion(ofFileAt: file.url), ItemStoreFile.formatVersion)
        return try file.load().store
    }

    func testEveryFormatVersionWrittenSoFarLoadsAndIsRewrittenWithoutLoss() throws {
        let one = try load(fixture: "items-format-1")
        XCTAssertEqual(one.records["track:1"]?.edits.price, Decimal(string: "0.99"), "Foundation's Decimal dictionary")
        XCTAssertEqual(
            one.records["track:1"]?.snapshot?.storeURL, URL(string: "https://music.apple.com/x"), "{relative: …}")
        XCTAssertEqual(one.records["collection:9"]?.snapshot?.kind, .other("podcast-episode"), "{other: {_0: …}}")
        XCTAssertEqual(one.records["track:1"]?.snapshot?.kind, .song, "{song: {}}")

        let two = try load(fixture: "items-format-2")
        XCTAssertEqual(
            two.records["track:1"]?.edits,
            ItemEdits(name: "Simarik", price: Decimal(string: "0.99"), notes: "line 1\nline 2 <&>"))
        XCTAssertEqual(two.records["track:1"]?.visitedAt, try Date("2019-01-01T00:00:00Z", strategy: .iso8601))
        XCTAssertNil(two.records["track:1"]?.snapshot, "format 2 kept snapshots of hidden items only")
        XCTAssertEqual(
            two.records["collection:9"]?.snapshot?.storeURL, URL(string: "https://podcasts.apple.com/us/podcast/x/id9"))

        let three = try load(fixture: "items-format-3")
        let song = try XCTUnwrap(three.records["track:1"])
        XCTAssertEqual(song.keptAt, try Date("2026-11-20T09:00:00Z", strategy: .iso8601))
        XCTAssertEqual(song.changedAt, try Date("2026-11-20T10:00:00Z", strategy: .iso8601))
        XCTAssertEqual(song.snapshot?.collectionName, "Ölürüm Sana")
        XCTAssertEqual(song.snapshot?.storeRegion, "TR")
        XCTAssertEqual(song.snapshot?.previewURL, URL(string: "https://audio-ssl.itunes.apple.com/preview/1.m4a"))
        XCTAssertEqual(song.snapshot?.price, Decimal(string: "1.29"))

        for store in [one, two, three] {
            XCTAssertEqual(try savedAndReloaded(store), store)
        }
    }

    /// What Python's plistlib writes (sorted keys, `<integer>` and `<real>` numbers, `<data>`,
    /// `<dict/>`), then edited by hand: a comment, a character reference, CDATA.
    private func checkEveryValueOfTheOtherToolsFile(_ store: ItemStore, _ label: String) throws {
        let song = try XCTUnwrap(store.records["track:1"], label)
        XCTAssertEqual(song.edits.name, "Şımarık & more", label)
        XCTAssertEqual(song.edits.notes, "line 1\nline 2 <&>", label)
        XCTAssertEqual(song.edits.price, Decimal(string: "0.99"), label)
        XCTAssertEqual(song.edits.releaseDate, Date(timeIntervalSince1970: 866_000_000), label)
        XCTAssertEqual(song.visitedAt, try Date("2024-05-01T12:00:00Z", strategy: .iso8601), label)
        XCTAssertEqual(song.keptAt, try Date("2024-05-02T08:30:00Z", strategy: .iso8601), label)
        XCTAssertEqual(song.snapshot?.price, Decimal(string: "1.29"), "a <real> price, \(label)")
        XCTAssertEqual(song.snapshot?.artist, "Tarkan", label)
        XCTAssertEqual(
            song.otherFields,
            [
                "rating": .integer(5), "score": .real(4.5), "favorite": .bool(true), "archived": .bool(false),
                "cover": .data(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A])),
                "tags": .array([.string("a & b"), .integer(3)]), "extra": .dictionary([:]),
            ], label)
        XCTAssertEqual(
            store.otherFields,
            [
                "theme": .string("dark"),
                "aSyncTool": .dictionary(["lastSync": .date(try Date("2024-05-03T07:00:00Z", strategy: .iso8601))]),
            ],
            "the file's own keys besides the items, \(label)")
        let app = try XCTUnwrap(store.records["app:2"], label)
        XCTAssertEqual(app.edits.price, Decimal(2), "an <integer> price, \(label)")
        XCTAssertEqual(app.hiddenAt, try Date("2023-01-01T00:00:00Z", strategy: .iso8601), label)
        XCTAssertEqual(app.snapshot?.kind, .app, label)
        XCTAssertEqual(app.snapshot?.price, 0, label)
    }

    func testAFileWrittenByPlistlibAndEditedByHandLoadsWithEveryEditAndTheNextSaveKeepsThem() throws {
        let store = try load(fixture: "items-plistlib")
        try checkEveryValueOfTheOtherToolsFile(store, "XML")
        XCTAssertEqual(store.records["app:2"]?.snapshot?.name, "Maps <Pro> & Co", "CDATA")
        try checkEveryValueOfTheOtherToolsFile(try savedAndReloaded(store), "XML saved again")
    }

    func testABinaryFileWrittenByPlistlibLoadsWithEveryEditAndTheNextSaveKeepsThem() throws {
        let store = try load(fixture: "items-plistlib-binary")
        try checkEveryValueOfTheOtherToolsFile(store, "binary")
        try checkEveryValueOfTheOtherToolsFile(try savedAndReloaded(store), "binary saved again as XML")
    }

    /// The version check before every save reads up to the version only: what follows it is not
    /// even parsed (here it is not well-formed).
    func testTheVersionCheckStopsAtTheVersion() throws {
        try Data("<plist><dict><key>formatVersion</key><integer>3</integer><key>items</key><array><dict><oops".utf8)
            .write(to: file.url)
        XCTAssertEqual(ItemStoreFile.formatVersion(ofFileAt: file.url), 3)
        XCTAssertNotNil(try file.load().notice, "while loading reads the whole file, and finds it damaged")
    }

    /// Files with one to eight bytes changed, cut short, given a value nested 50 to 5,000 deep, or
    /// re-encoded (byte-order mark, UTF-16): each load returns a store (whole, salvaged or from the
    /// backup) or an error, never crashes or hangs the parser, and what it read can be saved.
    /// `STORESEARCH_FUZZ_ITEM_FILES` sets how many (500 here; 20,000 passed when this was written).
    func testMutatedXMLFilesEachLoadOrFail() throws {
        var store = ItemStore()
        for index in 0..<50 {
            let result = SearchResult(
                id: "track:\(index)", name: "Song \(index) <&>", artist: "Artist", kind: .song,
                price: Decimal(index) / 4,
                currency: "EUR", releaseDate: Date(timeIntervalSince1970: Double(index) * 86_400),
                storeURL: URL(string: "https://music.apple.com/x/\(index)?i=1&a=2"))
            store.setEdits(ItemEdits(name: "Mine \(index)", notes: "Σ \(index)\nline"), for: result)
            if index % 4 == 0 { store.keep(result) }
        }
        let original = [UInt8](file.encode(store))
        var generator = SeededGenerator(seed: 17)
        let count = Int(ProcessInfo.processInfo.environment["STORESEARCH_FUZZ_ITEM_FILES"] ?? "") ?? 500
        var whole = 0, salvaged = 0
        for round in 0..<count {
            var bytes = original
            if round % 10 == 9 {
                bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
            } else if round % 10 == 8 {  // another tool's nesting, as an unknown key of a record
                let depth = Int.random(in: 50...5_000, using: &generator)
                let deep = Array(
                    ("<key>deep</key>" + String(repeating: "<array>", count: depth)
                        + String(repeating: "</array>", count: depth)).utf8)
                let records = bytes.indices.filter {
                    bytes[$0] == 0x3C && bytes[$0...].starts(with: Array("<key>id</key>".utf8))
                }
                bytes.insert(contentsOf: deep, at: records.randomElement(using: &generator) ?? 0)
            } else if round % 10 == 7 {  // another tool's encoding, perhaps with a byte changed after
                let text = String(decoding: bytes, as: UTF8.self)
                let encodings: [(prefix: [UInt8], String.Encoding)] = [
                    ([0xEF, 0xBB, 0xBF], .utf8), ([0xFF, 0xFE], .utf16LittleEndian),
                    ([0xFE, 0xFF], .utf16BigEndian), ([], .utf16LittleEndian),
                ]
                let (prefix, encoding) = encodings.randomElement(using: &generator)!
                bytes = prefix + [UInt8](text.data(using: encoding)!)
                if Bool.random(using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
            } else {
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
            }
            try Data(bytes).write(to: file.url)
            if let loaded = try? file.load() {
                if loaded.notice == nil { whole += 1 } else if !loaded.store.isEmpty { salvaged += 1 }
                try file.save(loaded.store)
                // Every record comes back; after one save (control characters XML cannot hold are
                // written as U+FFFD) the file reads back exactly.
                let saved = try file.load().store
                XCTAssertEqual(Set(saved.records.keys), Set(loaded.store.records.keys), "round \(round)")
                try file.save(saved)
                XCTAssertEqual(try file.load().store, saved, "round \(round)")
            }
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name != "items.plist"
            {
                try FileManager.default.removeItem(at: directory.appending(path: name))
            }
        }
        XCTAssertGreaterThan(whole, 0, "some changes only touch a value")
        XCTAssertGreaterThan(salvaged, 0, "a damaged record costs that record, not the file")
    }
}
