import Foundation
import XCTest
@testable import StoreSearchCore

/// Issue #31: a price another tool wrote as text is read whole, in the user's locale when it is
/// not a plain number, or not at all: then it is named in a notice and kept as written.
final class ItemFilePriceTests: ItemFileTestCase {
    private func write(prices: [String]) throws {
        let records = prices.enumerated().map { index, price in
            "<dict><key>edits</key><dict><key>name</key><string>Item \(index)</string><key>price</key>\(price)</dict>"
                + "<key>id</key><string>track:\(index)</string></dict>"
        }
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>formatVersion</key><integer>3</integer><key>items</key><array>
            \(records.joined(separator: "\n"))
            </array></dict></plist>
            """.utf8
        ).write(to: file.url)
    }

    private func load(prices: [String], locale: String) throws -> ItemStoreFile.Loaded {
        try write(prices: prices)
        return try ItemStoreFile(url: file.url, locale: Locale(identifier: locale)).load()
    }

    func testAPriceInTheUsersLocaleIsReadWhole() throws {
        let loaded = try load(
            prices: ["<string>12,50</string>", "<string>1.299,00</string>", "<string>12.50</string>"], locale: "de_DE")
        XCTAssertNil(loaded.notice)
        XCTAssertEqual(loaded.store.records["track:0"]?.edits.price, Decimal(string: "12.5"))
        XCTAssertEqual(loaded.store.records["track:1"]?.edits.price, Decimal(1299))
        XCTAssertEqual(loaded.store.records["track:2"]?.edits.price, Decimal(string: "12.5"), "a plain number first")
    }

    func testAPriceNotInTheUsersLocaleIsRefusedNamedAndKeptAsWritten() throws {
        let prices = [
            "<string>12,50</string>", "<string>1.299,00</string>", "<string>NaN</string>", "<real>1e400</real>",
            "<string>1e400</string>", "<string>1,299.00</string>",
        ]
        let loaded = try load(prices: prices, locale: "en_US")
        let notice = try XCTUnwrap(loaded.notice)
        for index in 0...4 {
            XCTAssertNil(loaded.store.records["track:\(index)"]?.edits.price, prices[index])
            XCTAssertTrue(notice.contains("“Item \(index)”"), notice)
        }
        XCTAssertTrue(notice.contains("price “12,50”"), notice)
        XCTAssertEqual(loaded.store.records["track:5"]?.edits.price, Decimal(1299), "grouped the en_US way")
        try ItemStoreFile(url: file.url, locale: Locale(identifier: "en_US")).save(loaded.store)
        let saved = try String(contentsOf: file.url, encoding: .utf8)
        XCTAssertTrue(saved.contains("<string>12,50</string>"), "nothing rewritten")
        XCTAssertTrue(saved.contains("<string>1.299,00</string>"))
        XCTAssertFalse(saved.contains("<string>12</string>"))
    }

    func testAnEditedPriceReplacesTheUnreadableOne() throws {
        var store = try load(prices: ["<string>12,50</string>"], locale: "en_US").store
        store.setEdits(
            ItemEdits(name: "Item 0", price: Decimal(string: "12.5")),
            for: SearchResult(id: "track:0", name: "x", kind: .song))
        try file.save(store)
        let reloaded = try file.load()
        XCTAssertNil(reloaded.notice)
        XCTAssertEqual(reloaded.store.records["track:0"]?.edits.price, Decimal(string: "12.5"))
    }

    func testStrictDecimal() {
        let german = Locale(identifier: "de_DE"), english = Locale(identifier: "en_US")
        XCTAssertEqual(StrictDecimal.parse("0.99", locale: german), Decimal(string: "0.99"))
        XCTAssertEqual(StrictDecimal.parse("-1", locale: english), Decimal(-1))
        XCTAssertEqual(StrictDecimal.parse(" 3 ", locale: english), Decimal(3))
        for refused in [
            "", "12,5,0", "1.2.3", "12.", ".5", "1 299", "abc", "12kg", "1,29", "+",
            "99999999999999999999999999999999999999999999999999999",
        ] {
            XCTAssertNil(StrictDecimal.parse(refused, locale: english), refused)
        }
        XCTAssertEqual(StrictDecimal.parse("1,29", locale: german), Decimal(string: "1.29"))
        XCTAssertNil(StrictDecimal.parse("1,2,9", locale: german))
    }
}
