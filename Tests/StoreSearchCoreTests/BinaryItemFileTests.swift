import Foundation
import TestSupport
import XCTest
@testable import StoreSearchCore

/// Issue #24: a binary item file, whole or damaged, is read without ever crashing the app.
final class BinaryItemFileTests: ItemFileTestCase {
    /// A store with edits, notes, a visit and a hidden item, as a binary plist (what `plutil
    /// -convert binary1` or another tool could leave).
    private func binaryFile() throws -> Data {
        var store = ItemStore()
        store.setEdits(
            ItemEdits(name: "Mine", price: Decimal(string: "2.5"), notes: "Σ notes & <more>"),
            for: SearchResult(id: "track:1", name: "Song", kind: .song))
        store.markVisited(
            SearchResult(id: "track:3", name: "Visited", kind: .song), at: Date(timeIntervalSince1970: 1_700_000_000))
        store.hide(
            SearchResult(
                id: "track:2", name: "Hidden", artist: "A", kind: .song, price: Decimal(string: "1.29"), currency: "USD"
            ),
            at: Date(timeIntervalSince1970: 1_800_000_000))
        let xml = file.encode(store)
        let tree = try PropertyListSerialization.propertyList(from: xml, format: nil)
        return try PropertyListSerialization.data(fromPropertyList: tree, format: .binary, options: 0)
    }

    func testABinaryFileLoadsWithEveryEditAndTheNextSaveKeepsThem() throws {
        try binaryFile().write(to: file.url)
        let loaded = try file.load()
        XCTAssertNil(loaded.notice)
        XCTAssertEqual(loaded.store.records["track:1"]?.edits.name, "Mine")
        XCTAssertEqual(loaded.store.records["track:1"]?.edits.price, Decimal(string: "2.5"))
        XCTAssertEqual(loaded.store.records["track:1"]?.edits.notes, "Σ notes & <more>")
        XCTAssertNotNil(loaded.store.records["track:3"]?.visitedAt)
        XCTAssertEqual(loaded.store.records["track:2"]?.snapshot?.name, "Hidden")
        try file.save(loaded.store)
        XCTAssertEqual(try file.load().store, loaded.store)
    }

    /// The crash found: the top dictionary's marker turned into a set marker made
    /// PropertyListSerialization segfault at every start.
    func testATopDictionaryTurnedIntoASetIsDamagedNotACrash() throws {
        var bytes = [UInt8](try binaryFile())
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let top = bytes[(trailer + 16)..<(trailer + 24)].reduce(0) { $0 << 8 | Int($1) }
        let table = bytes[(trailer + 24)..<(trailer + 32)].reduce(0) { $0 << 8 | Int($1) }
        let topOffset = bytes[(table + top * offsetSize)..<(table + (top + 1) * offsetSize)].reduce(0) {
            $0 << 8 | Int($1)
        }
        XCTAssertEqual(bytes[topOffset] >> 4, 0xD, "the top object is a dictionary")
        bytes[topOffset] = 0xC0 | (bytes[topOffset] & 0x0F)
        try Data(bytes).write(to: file.url)

        let loaded = try file.load()
        XCTAssertTrue(loaded.store.records.isEmpty)
        XCTAssertTrue(loaded.notice?.contains("damaged") ?? false, loaded.notice ?? "no notice")
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasPrefix("items.plist.corrupt-")
        }
        XCTAssertEqual(kept.count, 1, "the damaged file is kept aside")
        XCTAssertNil(ItemStoreFile.formatVersion(ofFileAt: directory.appending(path: kept[0])))
    }

    /// A thousand files with one to eight bytes changed: each load returns a store or an error.
    func testAThousandMutatedBinaryFilesEachLoadOrFail() throws {
        let original = [UInt8](try binaryFile())
        var generator = SeededGenerator(seed: 24)
        var loadedWhole = 0
        for _ in 0..<1000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let position = Int.random(in: 8..<bytes.count, using: &generator)
                bytes[position] = UInt8.random(in: 0...255, using: &generator)
            }
            try Data(bytes).write(to: file.url)
            if let loaded = try? file.load(), loaded.notice == nil { loadedWhole += 1 }
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name != "items.plist"
            {
                try FileManager.default.removeItem(at: directory.appending(path: name))
            }
            _ = ItemStoreFile.formatVersion(ofFileAt: file.url)
        }
        XCTAssertGreaterThan(loadedWhole, 0, "some mutations only change a value")
    }
}
