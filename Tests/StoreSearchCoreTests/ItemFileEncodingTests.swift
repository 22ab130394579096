import Foundation
import XCTest
@testable import StoreSearchCore

/// Issue #31: item files other tools write with a byte-order mark, in UTF-16 or declaring another
/// encoding are read with every letter, and written back as UTF-8 with nothing lost.
final class ItemFileEncodingTests: ItemFileTestCase {
    private func plist(declaring encoding: String) -> String {
        """
        <?xml version="1.0" encoding="\(encoding)"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>formatVersion</key>
        \t<integer>3</integer>
        \t<key>items</key>
        \t<array>
        \t\t<dict><key>edits</key><dict><key>name</key><string>Café Müller</string><key>notes</key><string>Straße</string></dict>
        \t\t<key>id</key><string>track:1</string></dict>
        \t</array>
        </dict>
        </plist>

        """
    }

    /// Loads `bytes`, checks the letters and that no notice speaks of damage, saves, and loads again.
    private func assertReadWithEveryLetter(
        _ bytes: Data, file line: StaticString = #filePath, line number: UInt = #line
    ) throws {
        try bytes.write(to: file.url)
        let loaded = try file.load()
        XCTAssertNil(loaded.notice, file: line, line: number)
        XCTAssertEqual(loaded.store.records["track:1"]?.edits.name, "Café Müller", file: line, line: number)
        XCTAssertEqual(loaded.store.records["track:1"]?.edits.notes, "Straße", file: line, line: number)
        try file.save(loaded.store)
        XCTAssertEqual(try file.load().store.records["track:1"]?.edits.name, "Café Müller", file: line, line: number)
        XCTAssertEqual(
            try Data(contentsOf: file.backupURL), bytes, "the other tool's file is the backup", file: line, line: number
        )
        XCTAssertNotNil(
            try PropertyListSerialization.propertyList(from: Data(contentsOf: file.url), format: nil), file: line,
            line: number)
    }

    func testUTF8WithAByteOrderMark() throws {
        try assertReadWithEveryLetter(Data([0xEF, 0xBB, 0xBF]) + Data(plist(declaring: "UTF-8").utf8))
    }

    func testUTF16LittleAndBigEndianWithAByteOrderMark() throws {
        try assertReadWithEveryLetter(
            plist(declaring: "UTF-16").data(using: .utf16LittleEndian).map { Data([0xFF, 0xFE]) + $0 }!)
        try assertReadWithEveryLetter(
            plist(declaring: "UTF-16").data(using: .utf16BigEndian).map { Data([0xFE, 0xFF]) + $0 }!)
    }

    func testUTF16WithoutAByteOrderMark() throws {
        try assertReadWithEveryLetter(plist(declaring: "UTF-16").data(using: .utf16LittleEndian)!)
    }

    func testADeclaredLatin1FileKeepsItsLetters() throws {
        let latin1 = plist(declaring: "ISO-8859-1").data(using: .isoLatin1)!
        XCTAssertNil(String(data: latin1, encoding: .utf8), "é, ü and ß are single bytes here")
        try assertReadWithEveryLetter(latin1)
    }

    func testAnotherEncodingGLibKnows() throws {
        try assertReadWithEveryLetter(plist(declaring: "windows-1252").data(using: .windowsCP1252)!)
    }

    /// A byte that is invalid in the declared encoding makes the file damaged: it is moved aside,
    /// never read with replacement characters.
    func testABytesInvalidInTheDeclaredEncodingMakeTheFileDamaged() throws {
        var utf16 = plist(declaring: "UTF-16").data(using: .utf16LittleEndian)!
        utf16.replaceSubrange(400..<402, with: [0x00, 0xDC])  // a lone low surrogate
        try (Data([0xFF, 0xFE]) + utf16).write(to: file.url)
        let loaded = try file.load(now: Date(timeIntervalSince1970: 0))
        XCTAssertTrue(loaded.notice?.contains("damaged") ?? false, loaded.notice ?? "no notice")
        XCTAssertFalse(loaded.store.records.values.contains { $0.edits.name?.contains("\u{FFFD}") ?? false })
    }

    func testAnUnknownDeclaredEncodingIsDamagedNotGuessed() throws {
        try Data(plist(declaring: "X-NO-SUCH-ENCODING").utf8).write(to: file.url)
        XCTAssertTrue(try file.load().notice?.contains("damaged") ?? false)
    }

    /// A save checks the version of the file it replaces; that works in UTF-16 too.
    func testTheVersionOfAUTF16FileIsFound() throws {
        try (Data([0xFF, 0xFE]) + plist(declaring: "UTF-16").data(using: .utf16LittleEndian)!).write(to: file.url)
        XCTAssertEqual(ItemStoreFile.formatVersion(ofFileAt: file.url), 3)
    }
}
