import Foundation
import XCTest
@testable import StoreSearchCore

/// Issue #46: what StoreSearch writes every reader reads, and values it read stay as they were
/// over saves: a date before the Gregorian calendar's start (1582-10-15), a name holding U+FFFE
/// or U+FFFF (no XML reader takes them), a price of 39 digits.
final class ItemFileOtherReadersTests: ItemFileTestCase {
    private func record(releaseDate: Date? = nil, name: String? = nil) -> ItemRecord {
        ItemRecord(
            id: "track:1", edits: ItemEdits(name: name, releaseDate: releaseDate),
            snapshot: SearchResult(id: "track:1", name: "Song", kind: .song))
    }

    func testADateBefore1582IsWrittenAsItWasReadAtEverySave() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>formatVersion</key><integer>4</integer><key>items</key><array>
            <dict><key>id</key><string>track:1</string><key>edits</key><dict><key>releaseDate</key><date>1500-06-01T00:00:00Z</date></dict></dict>
            </array></dict></plist>
            """
        try Data(text.utf8).write(to: file.url)
        for _ in 0..<3 {
            let store = try file.load().store
            try file.save(store)
        }
        let written = try String(contentsOf: file.url, encoding: .utf8)
        XCTAssertTrue(written.contains("<date>1500-06-01T00:00:00Z</date>"), written)
        XCTAssertEqual(ISO8601Date.string(for: Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00Z")
    }

    /// The file holds dates in whole seconds: the store takes them so (now, and another tool's
    /// `…05.678Z`), so a record read back from what was saved equals the one that was saved.
    func testDatesAreTakenToTheSecondAsTheFileHoldsThem() throws {
        XCTAssertEqual(ISO8601Date.parse("2024-01-02T03:04:05.678Z"), ISO8601Date.parse("2024-01-02T03:04:05Z"))
        XCTAssertEqual(
            ISO8601Date.parse("1969-12-31T23:59:59.5Z"), Date(timeIntervalSince1970: -1), "down, as it is written")
        var store = ItemStore()
        store.keep(SearchResult(id: "track:1", name: "Song", kind: .song))
        try file.save(store)
        XCTAssertEqual(try file.load().store.records, store.records)
    }

    func testNoncharactersAreWrittenSoThatPythonsPlistlibReadsTheFile() throws {
        try file.save(ItemStore(records: ["track:1": record(name: "A\u{FFFE}B\u{FFFF}C")]))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c", "import plistlib,sys; print(plistlib.load(open(sys.argv[1],'rb'))['items'][0]['edits']['name'])",
            file.url.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "plistlib reads the file")
        XCTAssertEqual(
            String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "A\u{FFFD}B\u{FFFD}C\n")
        XCTAssertEqual(try file.load().store.records["track:1"]?.edits.name, "A\u{FFFD}B\u{FFFD}C")
        // Only those: a byte 0xBE or 0xBF inside any other character stays (о, ま, ¾, emoji).
        let text = "о ま ¾ ξ 🎾 \u{FFFD}"
        try file.save(ItemStore(records: ["track:1": record(name: text)]))
        XCTAssertEqual(try file.load().store.records["track:1"]?.edits.name, text)
    }

    func testAPriceOfMoreDigitsThanDecimalKeepsIsKeptAsWritten() throws {
        let price = "1234567890123456789012345678901234567.89"  // 39 digits
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>formatVersion</key><integer>4</integer><key>items</key><array>
            <dict><key>id</key><string>track:1</string><key>edits</key><dict><key>price</key><string>\(price)</string></dict></dict>
            </array></dict></plist>
            """
        try Data(text.utf8).write(to: file.url)
        try file.save(try file.load().store)
        let written = try String(contentsOf: file.url, encoding: .utf8)
        XCTAssertTrue(written.contains("<string>\(price)</string>"), written)
        XCTAssertNotNil(
            StrictDecimal.parse("12345678901234567890123456789012345678", locale: Locale(identifier: "en_US")))
    }

    /// A key written twice in the top dictionary: the last one counts, as plistlib and Foundation
    /// read it (both `items` arrays were read, and the first `formatVersion`).
    func testAKeyWrittenTwiceCountsOnceTheLastOne() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>formatVersion</key><integer>2</integer><key>items</key><array>
            <dict><key>id</key><string>track:1</string><key>visitedAt</key><date>2026-01-01T00:00:00Z</date></dict>
            </array><key>formatVersion</key><integer>4</integer><key>items</key><array>
            <dict><key>id</key><string>track:2</string><key>visitedAt</key><date>2026-01-01T00:00:00Z</date></dict>
            </array></dict></plist>
            """
        try Data(text.utf8).write(to: file.url)
        XCTAssertEqual(
            try file.load().store.records.keys.sorted(), ["track:2"], "the last items, with the last version")
    }
}
