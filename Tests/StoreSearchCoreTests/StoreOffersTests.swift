import Foundation
import XCTest
@testable import StoreSearchCore

/// Issue #19: prices that mean what the store means, in answers shaped like the store's.
final class StoreOffersTests: XCTestCase {
    private static let body = """

        {"resultCount":6,"results":[
        {"wrapperType":"track","kind":"song","trackId":1,"trackName":"Album Track","artistName":"Band","collectionName":"The Album","trackPrice":-1,"collectionPrice":9.99,"currency":"USD"},
        {"wrapperType":"track","kind":"tv-episode","trackId":2,"trackName":"Pilot","artistName":"Show","collectionName":"Show, Season 1","trackPrice":-1,"collectionPrice":19.99,"currency":"AUD"},
        {"wrapperType":"track","kind":"feature-movie","trackId":3,"trackName":"Film","artistName":"Director","trackPrice":14.99,"trackRentalPrice":4.99,"trackHdPrice":19.99,"trackHdRentalPrice":5.99,"currency":"AUD"},
        {"wrapperType":"track","kind":"feature-movie","trackId":4,"trackName":"Rental Only","artistName":"Director","trackRentalPrice":3.99,"currency":"USD"},
        {"wrapperType":"track","kind":"song","trackId":5,"trackName":"Bonus","artistName":"Band","collectionPrice":9.99,"currency":"USD"},
        {"wrapperType":"collection","collectionType":"Album","collectionId":6,"collectionName":"The Album","artistName":"Band","collectionPrice":9.99,"currency":"USD"}]}
        """

    private func decoded() throws -> [String: SearchResult] {
        let results = try SearchResponseDecoder.decode(Data(Self.body.utf8))
        return Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0) })
    }

    private func listing(_ result: SearchResult?, locale: String = "en_US") -> String? {
        PriceFormatter(locale: Locale(identifier: locale)).listing(
            price: result?.price, ownPrice: false, offers: result?.offers,
            currency: result?.currency)
    }

    func testMinusOneIsNotAPriceButAlbumOrBundleOnly() throws {
        let results = try decoded()
        XCTAssertNil(results["Album Track"]?.price, "never -1, never 1.00")
        XCTAssertEqual(results["Album Track"]?.offers?.restriction, .albumOnly)
        XCTAssertEqual(listing(results["Album Track"]), "Album Only · $9.99")
        XCTAssertEqual(results["Album Track"]?.collectionName, "The Album")
        XCTAssertEqual(listing(results["Pilot"]), "Bundle Only · A$19.99")
        XCTAssertEqual(listing(results["Bonus"]), "Album Only · $9.99", "no price of its own, but an album price")
        XCTAssertEqual(listing(results["The Album"]), "$9.99", "an album's own price")
        XCTAssertNil(results["The Album"]?.offers)
    }

    func testMoviesShowBuyRentAndHDPrices() throws {
        let results = try decoded()
        XCTAssertEqual(listing(results["Film"]), "Buy A$14.99 · Rent A$4.99")
        XCTAssertEqual(
            PriceFormatter(locale: Locale(identifier: "en_US")).allOffers(
                price: results["Film"]?.price, offers: results["Film"]?.offers, currency: "AUD"),
            "Buy A$14.99 · Rent A$4.99 · HD Buy A$19.99 · HD Rent A$5.99")
        XCTAssertEqual(listing(results["Rental Only"]), "Rent $3.99")
    }

    func testTheUsersOwnPriceWins() throws {
        let track = try XCTUnwrap(decoded()["Album Track"])
        let formatter = PriceFormatter(locale: Locale(identifier: "en_US"))
        XCTAssertEqual(
            formatter.listing(price: Decimal(2), ownPrice: true, offers: track.offers, currency: "USD"), "$2.00")
    }

    func testGermanListings() throws {
        let results = try decoded()
        let german = listing(results["Album Track"], locale: "de_DE")
        XCTAssertTrue(german?.contains("9,99") == true && german?.hasSuffix("$") == true, german ?? "nil")  // 9,99 $
    }
}
