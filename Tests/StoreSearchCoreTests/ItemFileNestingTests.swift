import Foundation
import XCTest
@testable import StoreSearchCore

/// Issue #31: a value another tool nests deeper than any item file needs is left out when read,
/// with a notice, so that every save can write what the reader kept.
final class ItemFileNestingTests: ItemFileTestCase {
    /// A valid file whose record has an unknown key holding arrays `depth` deep.
    private func write(depth: Int) throws {
        let nested =
            String(repeating: "<array>", count: depth) + "<string>deep</string>"
            + String(repeating: "</array>", count: depth)
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>formatVersion</key><integer>3</integer><key>items</key><array>
            <dict><key>edits</key><dict><key>name</key><string>Kept</string></dict><key>id</key><string>track:1</string>
            <key>shallow</key><array><array><string>kept</string></array></array>
            <key>thirdParty</key>\(nested)</dict>
            </array><key>topLevel</key>\(nested)</dict></plist>
            """.utf8
        ).write(to: file.url)
    }

    private func assertLeftOutAndSaves(depth: Int) throws {
        try write(depth: depth)
        let loaded = try file.load()
        XCTAssertTrue(loaded.notice?.contains("nested too deeply") ?? false, loaded.notice ?? "no notice")
        XCTAssertFalse(loaded.notice?.contains("damaged") ?? true)
        let record = try XCTUnwrap(loaded.store.records["track:1"])
        XCTAssertEqual(record.edits.name, "Kept")
        // What lies deeper than the bound is left out; the levels above it stay.
        XCTAssertEqual(levels(in: record.otherFields["thirdParty"]), PlistXMLReader.maximumDepth - 3)
        XCTAssertEqual(levels(in: loaded.store.otherFields["topLevel"]), PlistXMLReader.maximumDepth - 1)
        XCTAssertEqual(record.otherFields["shallow"], .array([.array([.string("kept")])]))
        var store = loaded.store
        store.setEdits(ItemEdits(name: "Edited"), for: SearchResult(id: "track:1", name: "x", kind: .song))
        try file.save(store)
        let saved = try file.load()
        XCTAssertNil(saved.notice)
        XCTAssertEqual(saved.store.records["track:1"]?.edits.name, "Edited")
    }

    /// Levels of arrays down to the innermost one (which is empty once its string was left out).
    private func levels(in value: PlistValue?) -> Int {
        var levels = 0, current = value
        while case .array(let values)? = current {
            levels += 1
            current = values.first
        }
        XCTAssertNil(current, "the string at the bottom is gone")
        return levels
    }

    func testFourHundredLevelsAreLeftOutAndSavingWorks() throws {
        try assertLeftOutAndSaves(depth: 400)
    }

    func testAHundredThousandLevelsAreLeftOutWithoutExhaustingTheStack() throws {
        try assertLeftOutAndSaves(depth: 100_000)
    }

    func testSixtyLevelsAreKept() throws {
        try write(depth: 58)  // plist dict, items, record, and the key's arrays: 61 levels
        let loaded = try file.load()
        XCTAssertNil(loaded.notice)
        XCTAssertNotNil(loaded.store.records["track:1"]?.otherFields["thirdParty"])
        try file.save(loaded.store)
        XCTAssertEqual(try file.load().store, loaded.store)
    }

    /// The file is also damaged: the records are salvaged and written back, which crashed before.
    func testADeepValueInADamagedFileIsSalvagedAndWritten() throws {
        var two = ItemRecord(id: "track:2", edits: ItemEdits(name: "Two"))
        two.otherFields["deep"] = (0..<70).reduce(PlistValue.string("x")) { inner, _ in .array([inner]) }
        let store = ItemStore(
            records: ["track:1": ItemRecord(id: "track:1", edits: ItemEdits(name: "One")), "track:2": two],
            otherFields: [:])
        var text = String(decoding: file.encode(store), as: UTF8.self)
        // damages the first record
        text = text.replacingOccurrences(of: "<string>One</string>", with: "<string>One</strin")
        try Data(text.utf8).write(to: file.url)
        let loaded = try file.load(now: Date(timeIntervalSince1970: 0))
        XCTAssertTrue(loaded.notice?.contains("damaged") ?? false, loaded.notice ?? "no notice")
        XCTAssertEqual(loaded.store.records["track:2"]?.edits.name, "Two")
        XCTAssertEqual(try file.load().store.records["track:2"]?.edits.name, "Two", "written back, readable")
    }

    /// The binary reader keeps the same bound, and leaves out what is deeper the same way.
    func testABinaryFileLeavesOutTheSameDepth() throws {
        let deep: Any = (0..<100).reduce("deep" as Any) { inner, _ in [inner] }
        let record: [String: Any] = ["id": "track:1", "edits": ["name": "Kept"], "thirdParty": deep]
        let list: [String: Any] = ["formatVersion": 3, "items": [record]]
        try PropertyListSerialization.data(fromPropertyList: list, format: .binary, options: 0).write(to: file.url)
        let loaded = try file.load()
        XCTAssertTrue(loaded.notice?.contains("nested too deeply") ?? false, loaded.notice ?? "no notice")
        XCTAssertEqual(loaded.store.records["track:1"]?.edits.name, "Kept")
        XCTAssertEqual(
            levels(in: loaded.store.records["track:1"]?.otherFields["thirdParty"]), PlistXMLReader.maximumDepth - 3)
        try file.save(loaded.store)
        XCTAssertNil(try file.load().notice)
    }
}
