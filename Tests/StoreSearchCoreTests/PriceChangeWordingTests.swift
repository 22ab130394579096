import Foundation
import StoreSearchCore
import XCTest

/// Issue #42: one wording of a price change for the rows, the notification and `--refresh-prices`.
final class PriceChangeWordingTests: XCTestCase {
    private let wording = PriceChangeWording(formatter: PriceFormatter(locale: Locale(identifier: "en_US")))

    private func change(
        _ old: Decimal, _ new: Decimal, currency: String = "USD", was: String = "USD",
        offer: StoreOffers.Restriction? = nil
    ) -> PriceChange {
        PriceChange(
            previous: PricePoint(date: Date(timeIntervalSince1970: 0), price: old, currency: was, offer: offer),
            current: PricePoint(date: Date(timeIntervalSince1970: 86_400), price: new, currency: currency, offer: offer)
        )
    }

    func testADropAndARiseAreWordedTheirOwnWay() {
        XCTAssertEqual(wording.phrase(change(0.99, 0.49)), "$0.49, was $0.99")
        XCTAssertEqual(wording.phrase(change(0.99, 1.29)), "$1.29, up from $0.99")
        XCTAssertEqual(wording.line(name: "Kuzu Kuzu", change(0.99, 0.49)), "Kuzu Kuzu: $0.49, was $0.99")
        XCTAssertEqual(wording.phrase(change(0.99, 0)), "Free, was $0.99")
    }

    func testAnOfferIsNamedOnceAndAnotherCurrencyIsNoRise() {
        XCTAssertEqual(wording.phrase(change(12.99, 9.99, offer: .albumOnly)), "Album Only · $9.99, was $12.99")
        // Not comparable: neither a drop nor a rise, said as what it was.
        XCTAssertEqual(wording.phrase(change(0.99, 1.29, currency: "EUR")), "€1.29, was $0.99")
    }
}
