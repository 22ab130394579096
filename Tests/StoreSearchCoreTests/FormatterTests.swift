import Foundation
import XCTest
@testable import StoreSearchCore

final class FormatterTests: XCTestCase {
    private let usd = Locale(identifier: "en_US")
    private let german = Locale(identifier: "de_DE")
    private let japanese = Locale(identifier: "ja_JP")

    private func normalizedSpaces(_ text: String?) -> String? {
        text?.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }

    func testPricesInEachLocale() {
        XCTAssertEqual(PriceFormatter(locale: usd).string(for: Decimal(string: "1.29"), currency: "USD"), "$1.29")
        XCTAssertEqual(PriceFormatter(locale: usd).string(for: 0, currency: "USD"), "Free")
        XCTAssertEqual(PriceFormatter(locale: usd).string(for: 250, currency: "JPY"), "¥250")
        XCTAssertEqual(
            normalizedSpaces(PriceFormatter(locale: german).string(for: Decimal(string: "1.29"), currency: "EUR")),
            "1,29 €")
        let yen = PriceFormatter(locale: japanese).string(for: 250, currency: "JPY")!
        XCTAssertTrue(yen.hasSuffix("250") && !yen.contains("."), yen)
        XCTAssertNil(PriceFormatter(locale: usd).string(for: nil, currency: "USD"))
    }

    func testEditablePriceHasNoSymbol() {
        XCTAssertEqual(
            PriceFormatter(locale: usd).editableString(for: Decimal(string: "1.29"), currency: "USD"), "1.29")
        XCTAssertEqual(
            PriceFormatter(locale: german).editableString(for: Decimal(string: "1.29"), currency: "EUR"), "1,29")
        XCTAssertEqual(PriceFormatter(locale: japanese).editableString(for: 250, currency: "JPY"), "250")
    }

    func testMediumDatesInEachLocaleKeepTheStoreDay() {
        let date = ISO8601DateFormatter().date(from: "2019-05-17T00:00:00Z")
        XCTAssertEqual(ReleaseDateFormatter(locale: usd).string(for: date), "May 17, 2019")
        XCTAssertEqual(ReleaseDateFormatter(locale: german).string(for: date), "17.05.2019")
        XCTAssertEqual(ReleaseDateFormatter(locale: japanese).string(for: date), "2019/05/17")
        XCTAssertNil(ReleaseDateFormatter(locale: usd).string(for: nil))
    }

    func testKindNames() {
        XCTAssertEqual(ResultKind(kind: "song", wrapperType: "track").displayName, "Song")
        XCTAssertEqual(ResultKind(kind: "software", wrapperType: "software").displayName, "App")
        XCTAssertEqual(ResultKind(kind: nil, wrapperType: "audiobook").displayName, "Audiobook")
        XCTAssertEqual(ResultKind(kind: "ebook", wrapperType: nil).displayName, "E-Book")
        XCTAssertEqual(ResultKind(kind: "interactive-booklet", wrapperType: "track").displayName, "Interactive Booklet")
    }

    func testArtistAndKindAsStoreSearchShowsThem() {
        let song = SearchResult(id: "track:1", name: "Şımarık", artist: "Tarkan", kind: .song)
        XCTAssertEqual(Item(result: song).artistAndKind, "Tarkan (Song)")
        XCTAssertEqual(Item(result: SearchResult(id: "track:2", name: "x", kind: .app)).artistAndKind, "Unknown (App)")
    }

    /// The fast fill gives what `String(format:)` gives for text, reordered or not.
    func testFilledMatchesStringFormatForText() {
        for (format, arguments) in [
            ("%1$@ (%2$@)", ["Tarkan", "Song"]), ("%2$@ – %1$@", ["Tarkan", "Şarkı"]), ("Buy %@", ["$1.29"]),
            ("%@ %@ 100%%", ["a", "b"]), ("%@", ["50% off"]), ("no placeholder", []), ("%1$@%1$@", ["ab"]),
        ] {
            XCTAssertEqual(filled(format, arguments), String(format: format, arguments: arguments), format)
        }
        XCTAssertEqual(filled("%3$@ and %@", ["a"]), " and a", "a placeholder past the arguments is left out")
        XCTAssertEqual(filled("%ld of %@, %1$ld, 100%", ["a"]), "%ld of a, %1$ld, 100%", "others are kept as written")
    }

    func testHTMLEntitiesAndParagraphs() {
        XCTAssertEqual(
            HTMLText.plainText("<p>Tom &amp; Jerry&#39;s &#x1F600;</p><p>Second</p>"), "Tom & Jerry's 😀\nSecond")
        XCTAssertEqual(HTMLText.plainText("a<br/>b<br>c"), "a\nb\nc")
        XCTAssertEqual(HTMLText.plainText("1 < 2 and &unknown; stays"), "1 < 2 and &unknown; stays")
    }
}
