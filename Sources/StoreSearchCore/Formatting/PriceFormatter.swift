import Foundation

/// Shows prices in the result's currency, following the user's locale.
public struct PriceFormatter: Sendable {
    public let locale: Locale

    public init(locale: Locale = .current) { self.locale = locale }

    /// "Free" for zero, "$1.29" in en_US, "1,29 €" in de_DE, "¥250" for yen; nil when unknown.
    public func string(for price: Decimal?, currency: String?) -> String? {
        guard let price else { return nil }
        if price == 0 { return localized("Free") }
        // The format style caches its ICU formatter; a NumberFormatter per call cost ~75 µs,
        // paid for every row the list binds.
        return price.formatted(.currency(code: currency ?? "USD").locale(locale))
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
}
