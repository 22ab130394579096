import Foundation
import XCTest
@testable import StoreSearchCore

final class PriceParserTests: XCTestCase {
    private let usd = PriceParser(locale: Locale(identifier: "en_US"))
    private let german = PriceParser(locale: Locale(identifier: "de_DE"))
    private let japanese = PriceParser(locale: Locale(identifier: "ja_JP"))

    func testWhatUsersTypeInEnglish() throws {
        XCTAssertEqual(try usd.parse("1.29"), Decimal(string: "1.29"))
        XCTAssertEqual(try usd.parse("$1.29"), Decimal(string: "1.29"))
        XCTAssertEqual(try usd.parse(" 0 "), 0)
        XCTAssertEqual(try usd.parse("Free"), 0)
        XCTAssertEqual(try usd.parse("1,299.00"), 1299)
        XCTAssertEqual(try usd.parse("USD 3"), 3)
    }

    func testWhatUsersTypeInGermanAndJapanese() throws {
        XCTAssertEqual(try german.parse("1,29"), Decimal(string: "1.29"))
        XCTAssertEqual(try german.parse("1,29 €"), Decimal(string: "1.29"))
        XCTAssertEqual(try german.parse("1.299,50"), Decimal(string: "1299.5"))
        XCTAssertEqual(
            try german.parse("1.29"), Decimal(string: "1.29"), "a lone point with two decimals is a decimal point")
        XCTAssertEqual(try japanese.parse("￥250"), 250)
        XCTAssertEqual(try japanese.parse("250"), 250)
    }

    func testGarbageIsRejectedWithAReason() {
        XCTAssertThrowsError(try usd.parse("abc")) {
            XCTAssertEqual($0 as? PriceParseError, .notANumber(example: "1.29"))
        }
        XCTAssertThrowsError(try german.parse("zwölf")) {
            XCTAssertEqual($0 as? PriceParseError, .notANumber(example: "1,29"))
        }
        XCTAssertThrowsError(try usd.parse("")) { XCTAssertEqual($0 as? PriceParseError, .empty) }
        XCTAssertThrowsError(try usd.parse("-1")) { XCTAssertEqual($0 as? PriceParseError, .negative) }
        XCTAssertThrowsError(try usd.parse("1.2.3"))
        XCTAssertThrowsError(try usd.parse("12kg"))
        XCTAssertThrowsError(try usd.parse("12,34,567"), "misplaced grouping separators")
        XCTAssertEqual(
            try? usd.parse("1,5"), Decimal(string: "1.5"), "a lone comma with one decimal is a decimal comma")
        XCTAssertThrowsError(try usd.parse("99999999")) { XCTAssertEqual($0 as? PriceParseError, .tooLarge) }
        XCTAssertEqual(PriceParseError.negative.message, "A price cannot be negative.")
    }
}
