import Foundation
import Synchronization

/// Shows prices in the result's currency, following the user's locale.
public struct PriceFormatter: Sendable {
    public let locale: Locale
    private let written = WrittenPrices()

    public init(locale: Locale = .current) { self.locale = locale }

    /// "Free" for zero, "$1.29" in en_US, "1,29 €" in de_DE, "¥250" for yen; nil when unknown.
    public func string(for price: Decimal?, currency: String?) -> String? {
        guard let price else { return nil }
        if price == 0 { return localized("Free") }
        // The format style caches its ICU formatter (a NumberFormatter per call cost ~75 µs),
        // yet still costs tens of µs, paid for every row a list binds: a list shows the same few
        // prices over and over.
        let code = currency ?? "USD"
        return written.string(for: price, currency: code) {
            price.formatted(.currency(code: code).locale(locale))
        }
    }

    /// The price as it should appear in an edit field: the currency's decimals in the locale's
    /// digits, without symbol or grouping ("1.29", "1,29" in de_DE, "250" for yen).
    public func editableString(for price: Decimal?, currency: String?) -> String {
        guard let price else { return "" }
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.currencyCode = currency ?? "USD"
        formatter.usesGroupingSeparator = false
        let decimalSeparator = Character(formatter.currencyDecimalSeparator ?? ".")
        let formatted = formatter.string(from: price as NSDecimalNumber) ?? "\(price)"
        return String(formatted.filter { $0.isNumber || $0 == decimalSeparator })
    }

    /// What a row says about the price: the user's own price when they set one; else "Album
    /// Only · $9.99" for a track not sold alone, "Buy $14.99 · Rent $3.99" for a movie that
    /// can be rented, "Rent $3.99" for a rental-only one, or the plain price.
    public func listing(price: Decimal?, ownPrice: Bool, offers: StoreOffers?, currency: String?) -> String? {
        guard !ownPrice, let offers, !offers.isEmpty else { return string(for: price, currency: currency) }
        if let restriction = offers.restriction {
            let label =
                switch restriction {
                case .albumOnly: localized("Album Only")
                case .bundleOnly: localized("Bundle Only")
                case .notSoldSeparately: localized("Not Sold Separately")
                }
            guard let whole = string(for: offers.collectionPrice, currency: currency) else { return label }
            return "\(label) · \(whole)"
        }
        var parts: [String] = []
        if let buy = string(for: price, currency: currency) { parts.append(filled(localized("Buy %@"), buy)) }
        if let rent = string(for: offers.rentalPrice, currency: currency) {
            parts.append(filled(localized("Rent %@"), rent))
        }
        return parts.isEmpty ? string(for: price, currency: currency) : parts.joined(separator: " · ")
    }

    /// Every offer, for the detail: "Buy $14.99 · Rent $3.99 · HD Buy $19.99 · HD Rent $5.99".
    public func allOffers(price: Decimal?, offers: StoreOffers?, currency: String?) -> String? {
        guard let offers, !offers.isEmpty else { return nil }
        if offers.restriction != nil {
            return listing(price: price, ownPrice: false, offers: offers, currency: currency)
        }
        let entries: [(String, Decimal?)] = [
            (localized("Buy %@"), price), (localized("Rent %@"), offers.rentalPrice),
            (localized("HD Buy %@"), offers.hdPrice), (localized("HD Rent %@"), offers.hdRentalPrice),
        ]
        let parts = entries.compactMap { format, value in
            string(for: value, currency: currency).map { filled(format, $0) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

/// The prices a formatter has written, by amount and currency.
private final class WrittenPrices: Sendable {
    private struct Key: Hashable {
        let price: Decimal
        let currency: String
    }

    private let strings = Mutex<[Key: String]>([:])
    /// More than a store's price points in all the currencies a user meets: past it, start over.
    private static let limit = 4_096

    func string(for price: Decimal, currency: String, write: () -> String) -> String {
        let key = Key(price: price, currency: currency)
        if let string = strings.withLock({ $0[key] }) { return string }
        let string = write()
        strings.withLock { strings in
            if strings.count >= Self.limit { strings.removeAll() }
            strings[key] = string
        }
        return string
    }
}
