import Foundation
import XCTest
@testable import StoreSearchCore

final class SearchQueryTests: XCTestCase {
    private let base = URL(string: "https://itunes.apple.com")!
    private let us = Locale(identifier: "en_US")

    private func term(in url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "term" }?.value
    }

    func testAwkwardTermsSurviveARoundTrip() {
        for raw in [
            "rock & roll", "C#", "1+1=2", "AC/DC", "what?", "\"quoted\" 'single'", "Beyoncé",
            "坂本龍一", "🎸 guitar", "50% off", "a;b,c",
        ] {
            let url = SearchQuery(term: raw, locale: us).url(base: base)
            XCTAssertEqual(term(in: url), raw, "term \(raw) in \(url)")
            XCTAssertFalse(url.query!.contains(" "))
        }
    }

    func testReservedCharactersArePercentEncoded() {
        let url = SearchQuery(term: "rock & roll+#=/?", locale: us).url(base: base)
        XCTAssertTrue(url.absoluteString.contains("term=rock%20%26%20roll%2B%23%3D%2F%3F&"), url.absoluteString)
    }

    func testTermIsTrimmedAndEmptyDetected() {
        XCTAssertEqual(SearchQuery(term: "  tarkan \n").term, "tarkan")
        XCTAssertTrue(SearchQuery(term: "   ").isEmpty)
    }

    func testParametersPerCategoryAndLocale() {
        let url = SearchQuery(term: "x", category: .music, locale: Locale(identifier: "de_DE")).url(
            base: URL(string: "http://127.0.0.1:8080/")!)
        XCTAssertEqual(
            url.absoluteString, "http://127.0.0.1:8080/search?term=x&limit=200&country=DE&lang=de_de&entity=musicTrack")
        let all = SearchQuery(term: "x", category: .all, locale: us).url(base: base)
        XCTAssertFalse(all.absoluteString.contains("entity="))
        XCTAssertEqual(Category.software.entity, "software")
        XCTAssertEqual(Category.ebooks.entity, "ebook")
        XCTAssertEqual(Array(Category.allCases.prefix(4).map(\.displayName)), ["All", "Music", "Software", "E-books"])
    }

    func testCountryFallsBackToUSWithoutRegionAndLimitIsClamped() {
        XCTAssertEqual(SearchQuery(term: "x", locale: Locale(identifier: "en")).country, "US")
        XCTAssertEqual(SearchQuery(term: "x", locale: Locale(identifier: "ja_JP")).country, "JP")
        XCTAssertEqual(SearchQuery(term: "x", limit: 1000).limit, 200)
        XCTAssertEqual(SearchQuery(term: "x", limit: 0).limit, 1)
    }

    func testCategoryNamesParse() {
        XCTAssertEqual(Category(name: "E-books"), .ebooks)
        XCTAssertEqual(Category(name: "software"), .software)
        XCTAssertNil(Category(name: "vinyl"))
    }

    func testArtworkURLResizes() {
        let small = URL(string: "https://is1-ssl.mzstatic.com/image/thumb/Music/v4/ab/source/100x100bb.jpg")!
        XCTAssertEqual(ArtworkURL.resized(small, to: 600).lastPathComponent, "600x600bb.jpg")
        let app = URL(string: "https://is1-ssl.mzstatic.com/image/thumb/Purple/v4/60x60bb-85.png")!
        XCTAssertEqual(ArtworkURL.resized(app, to: 512).lastPathComponent, "512x512bb-85.png")
        for unchanged in [
            "https://example.com/abb/cover.jpg", "https://example.com/x100bb.jpg", "https://example.com/cover.jpg",
        ] {
            XCTAssertEqual(ArtworkURL.resized(URL(string: unchanged)!, to: 600).absoluteString, unchanged)
        }
    }

    func testLookupQueryKeepsStoreIDsOnlyAndAtMostTwoHundred() throws {
        XCTAssertNil(LookupQuery(ids: ["url:https://example.com", "", "12a"], country: "US"))
        let many = (1...250).map(String.init)
        let query = try XCTUnwrap(LookupQuery(ids: many, country: "JP"))
        XCTAssertEqual(query.ids.count, 200)
        let url = query.url(base: URL(string: "https://itunes.apple.com/")!).absoluteString
        XCTAssertTrue(url.hasPrefix("https://itunes.apple.com/lookup?id=1%2C2%2C3"), url)
        XCTAssertTrue(url.hasSuffix("&country=JP"), url)
        XCTAssertEqual(LookupQuery.storeID(ofItem: "track:1440857788"), "1440857788")
        XCTAssertEqual(LookupQuery.storeID(ofItem: "collection:284882215"), "284882215")
        XCTAssertNil(LookupQuery.storeID(ofItem: "url:https://example.com/x"))
    }
}
