import Foundation
import Synchronization
import XCTest
@testable import StoreSearchCore

/// Issue #24: a valid item file another tool wrote (Python's plistlib writes numbers as
/// `<integer>` and `<real>`, and a user may add keys) is read as it means, not thrown away.
final class OtherToolsItemFileTests: ItemFileTestCase {
    /// A file as plistlib lays it out (other indentation, sorted keys), with `items` holding `records`.
    private func write(version: String = "2", records: String) throws {
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
              <key>formatVersion</key>
              <integer>\(version)</integer>
              <key>items</key>
              <array>
            \(records)
              </array>
            </dict>
            </plist>
            """.utf8
        ).write(to: file.url)
    }

    private func record(_ id: Int, price: String, extra: String = "") -> String {
        "<dict><key>edits</key><dict><key>name</key><string>Item \(id)</string><key>price</key>\(price)</dict>"
            + "<key>id</key><string>track:\(id)</string>\(extra)</dict>"
    }

    func testPricesWrittenAsIntegerRealOrTextAreReadAsThatPrice() throws {
        try write(
            records: [
                record(1, price: "<integer>2</integer>"), record(2, price: "<real>1.5</real>"),
                record(3, price: "<string>0.99</string>"), record(4, price: "<real>1.29</real>"),
            ].joined())
        let loaded = try file.load()
        XCTAssertNil(loaded.notice)
        let prices = loaded.store.records.mapValues { $0.edits.price }
        XCTAssertEqual(prices["track:1"], Decimal(2))
        XCTAssertEqual(prices["track:2"], Decimal(string: "1.5"))
        XCTAssertEqual(prices["track:3"], Decimal(string: "0.99"))
        XCTAssertEqual(prices["track:4"], Decimal(string: "1.29"))
    }

    /// Issue #31: a value of the wrong type is not read, but it is kept as written and named.
    func testAFieldOfTheWrongTypeIsNotReadButKeptAndNamed() throws {
        try write(records: record(1, price: "<true/>") + record(2, price: "<string>1.00</string>"))
        let loaded = try file.load()
        XCTAssertFalse(loaded.notice?.contains("damaged") ?? false, "not damaged")
        XCTAssertTrue(loaded.notice?.contains("“Item 1”") ?? false, loaded.notice ?? "no notice")
        XCTAssertNil(loaded.store.records["track:1"]?.edits.price)
        XCTAssertEqual(loaded.store.records["track:1"]?.edits.name, "Item 1", "the rest of the record stays")
        XCTAssertEqual(loaded.store.records["track:2"]?.edits.price, Decimal(1))
        try file.save(loaded.store)
        XCTAssertEqual(
            try file.load().store.records["track:1"]?.otherEditsFields["price"], .bool(true), "written back as it was")
    }

    /// Issue #21: what Core leaves out it reports through the logger the app installs (GLib's
    /// log), not to standard error.
    func testALeftOutFieldIsReportedThroughTheInstalledLogger() throws {
        let reports = Mutex<[String]>([])
        CoreLog.handler = { level, area, text in reports.withLock { $0.append("\(level) \(area): \(text)") } }
        defer { CoreLog.handler = nil }
        try write(records: record(1, price: "<true/>"))
        _ = try file.load()
        XCTAssertEqual(
            reports.withLock { $0 }, ["warning Items: kept edits.price of an item as written: its value cannot be read"]
        )
    }

    func testUnknownKeysAreKeptAndWrittenBack() throws {
        let extra =
            "<key>favorite</key><true/><key>tags</key><array><string>a &amp; b</string><integer>3</integer></array>"
        try write(records: record(1, price: "<string>1</string>", extra: extra))
        var store = try file.load().store
        XCTAssertEqual(store.records["track:1"]?.otherFields["favorite"], .bool(true))
        store.setEdits(ItemEdits(name: "Renamed"), for: SearchResult(id: "track:1", name: "x", kind: .song))
        try file.save(store)
        let saved = try String(contentsOf: file.url, encoding: .utf8)
        XCTAssertTrue(saved.contains("<key>favorite</key>"), saved)
        let reloaded = try file.load().store.records["track:1"]
        XCTAssertEqual(reloaded?.edits.name, "Renamed")
        XCTAssertEqual(reloaded?.otherFields["favorite"], .bool(true))
        XCTAssertEqual(reloaded?.otherFields["tags"], .array([.string("a & b"), .integer(3)]))
    }

    /// A version is read as Foundation and plistlib read an integer (issue #46): `0x4` is 4, and
    /// `0x10` is 16, a newer format, refused and left as it is (it was taken for damage and moved aside).
    func testAFormatVersionWrittenInHexadecimalIsThatVersion() throws {
        try write(version: "0x4", records: record(1, price: "<string>1</string>"))
        XCTAssertEqual(ItemStoreFile.formatVersion(ofFileAt: file.url), 4)
        XCTAssertEqual(try file.load().store.records["track:1"]?.edits.price, 1)
        try write(version: "0x10", records: record(1, price: "<string>1</string>"))
        let written = try Data(contentsOf: file.url)
        XCTAssertEqual(ItemStoreFile.formatVersion(ofFileAt: file.url), 16)
        XCTAssertThrowsError(try file.load()) { error in
            guard case ItemStoreFileError.newerVersion(found: 16, supported: 4) = error else {
                return XCTFail("\(error)")
            }
        }
        XCTAssertEqual(try Data(contentsOf: file.url), written, "left as it is")
        try write(version: "4x", records: record(1, price: "<string>1</string>"))
        XCTAssertNil(ItemStoreFile.formatVersion(ofFileAt: file.url), "no number: no version")
        XCTAssertTrue(try file.load().isDamaged)
    }
}
