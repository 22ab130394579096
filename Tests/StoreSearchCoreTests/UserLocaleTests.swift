import CIntl
import Foundation
import TestSupport
import XCTest
@testable import StoreSearchCore

/// The user's locale comes from the C library: setlocale with a private LOCPATH, then the store
/// region, the API's `lang`, and prices and dates as that user reads them.
final class UserLocaleTests: XCTestCase {
    nonisolated(unsafe) private static var locales: PrivateLocales?
    private static let variables = ["LC_ALL", "LC_MESSAGES", "LC_MONETARY", "LC_TIME", "LANG", "LANGUAGE", "LOCPATH"]
    private var savedEnvironment: [String: String?] = [:]

    override class func setUp() {
        super.setUp()
        locales = try? PrivateLocales(["de_DE", "tr_TR", "ja_JP", "pt_BR"])
    }

    override class func tearDown() {
        locales?.remove()
        super.tearDown()
    }

    override func setUpWithError() throws {
        guard let locales = Self.locales else { throw XCTSkip("no private locales") }
        for name in Self.variables { savedEnvironment[name] = ProcessInfo.processInfo.environment[name] }
        for name in Self.variables { unsetenv(name) }
        setenv("LOCPATH", locales.directory.path, 1)
    }

    override func tearDown() {
        for (name, value) in savedEnvironment {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        setlocale(LC_ALL, "C")
        super.tearDown()
    }

    private func resolve(_ variables: [String: String]) -> UserLocale {
        for (name, value) in variables { setenv(name, value, 1) }
        var environment = variables
        environment["LOCPATH"] = Self.locales?.directory.path
        return UserLocale.fromCLibrary(environment: environment)
    }

    private let storeDay = ISO8601DateFormatter().date(from: "2019-05-17T00:00:00Z")

    private func spaced(_ text: String?) -> String? {
        text?.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }

    private func assertUser(
        _ user: UserLocale, country: String, lang: String, price: String, currency: String,
        amount: String = "1.29", date: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(user.region, country, file: file, line: line)
        XCTAssertEqual(user.apiLanguage, lang, file: file, line: line)
        XCTAssertEqual(
            spaced(PriceFormatter(locale: user.monetary).string(for: Decimal(string: amount), currency: currency)),
            price,
            file: file, line: line)
        XCTAssertEqual(ReleaseDateFormatter(locale: user.time).string(for: storeDay), date, file: file, line: line)
        let url = SearchQuery(term: "x", country: user.region, language: user.apiLanguage).url(
            base: URL(string: "http://127.0.0.1:1")!)
        XCTAssertTrue(
            url.absoluteString.contains("&country=\(country)&lang=\(lang)"), url.absoluteString, file: file, line: line)
    }

    func testGermanFromLANG() {
        let user = resolve(["LANG": "de_DE.UTF-8"])
        XCTAssertEqual(
            String(cString: setlocale(LC_MESSAGES, nil)), "de_DE.UTF-8", "the C library loaded the private locale")
        assertUser(user, country: "DE", lang: "de_de", price: "1,29 €", currency: "EUR", date: "17.05.2019")
    }

    func testTurkish() {
        assertUser(
            resolve(["LANG": "tr_TR.UTF-8"]), country: "TR", lang: "tr_tr", price: "₺1,29", currency: "TRY",
            date: "17 May 2019")
    }

    func testJapanese() {
        assertUser(
            resolve(["LANG": "ja_JP.UTF-8"]), country: "JP", lang: "ja_jp", price: "¥250", currency: "JPY",
            amount: "250",
            date: "2019/05/17")
    }

    func testBrazilianPortuguese() {
        assertUser(
            resolve(["LANG": "pt_BR.UTF-8"]), country: "BR", lang: "pt_br", price: "R$ 1,29", currency: "BRL",
            date: "17 de mai. de 2019")
    }

    func testCAndPOSIXAreUSEnglish() {
        assertUser(
            resolve(["LANG": "C"]), country: "US", lang: "en_us", price: "$1.29", currency: "USD", date: "May 17, 2019")
        assertUser(
            resolve(["LC_ALL": "POSIX"]), country: "US", lang: "en_us", price: "$1.29", currency: "USD",
            date: "May 17, 2019")
        assertUser(resolve([:]), country: "US", lang: "en_us", price: "$1.29", currency: "USD", date: "May 17, 2019")
    }

    func testPOSIXOrderLCALLThenCategoryThenLANG() {
        let mixed = resolve(["LANG": "de_DE.UTF-8", "LC_MONETARY": "tr_TR.UTF-8", "LC_TIME": "ja_JP.UTF-8"])
        XCTAssertEqual(mixed.region, "TR", "the store region follows LC_MONETARY")
        XCTAssertEqual(mixed.apiLanguage, "de_de", "lang follows LC_MESSAGES, here from LANG")
        XCTAssertEqual(ReleaseDateFormatter(locale: mixed.time).string(for: storeDay), "2019/05/17")
        let all = resolve(["LANG": "de_DE.UTF-8", "LC_MONETARY": "tr_TR.UTF-8", "LC_ALL": "pt_BR.UTF-8"])
        XCTAssertEqual(all.region, "BR")
        XCTAssertEqual(all.apiLanguage, "pt_br")
    }

    func testLocaleMissingFromTheCLibraryStillGivesRegionAndFormats() {
        let user = resolve(["LANG": "fr_CA.UTF-8"])  // not generated in LOCPATH
        XCTAssertFalse(
            String(cString: setlocale(LC_MESSAGES, nil)).hasPrefix("fr_CA"), "the C library has no fr_CA to switch to")
        XCTAssertEqual(user.region, "CA")
        XCTAssertEqual(user.apiLanguage, "fr_ca")
    }

    func testPOSIXNamesMapToFoundationLocales() {
        XCTAssertEqual(UserLocale.locale(posixName: "de_DE.UTF-8@euro").identifier, "de_DE")
        XCTAssertEqual(UserLocale.locale(posixName: "C.UTF-8").identifier, "en_US")
        XCTAssertEqual(UserLocale.locale(posixName: "de").identifier, "de")
        XCTAssertEqual(UserLocale.locale(posixName: "../../etc").identifier, "en_US")
        XCTAssertEqual(UserLocale(messages: "de", monetary: "de", time: "de").region, "US", "no region: the US store")
        XCTAssertEqual(
            UserLocale(messages: "en_IR.UTF-8", monetary: "en_IR.UTF-8", time: "C").region, "US",
            "a region the store does not serve")
    }
}
