import Foundation

/// A number another tool wrote as text, read whole or not at all: `Decimal(string:)` reads the
/// longest prefix it can, so "12,50" would be 12 and "1.299,00" 1.299.
enum StrictDecimal {
    /// A plain decimal number ("12.50", "-1"), else one written the locale's way, with its
    /// decimal separator and groups of three ("12,50" and "1.299,00" in de_DE); else nil.
    static func parse(_ text: String, locale: Locale) -> Decimal? {
        let posix = Locale(identifier: "en_US_POSIX")
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count <= 40 else { return nil }  // Decimal keeps 38 digits: more would be rewritten rounded
        if isNumber(trimmed, point: ".", grouping: nil) { return finite(Decimal(string: trimmed, locale: posix)) }
        let point = Character(locale.decimalSeparator ?? ".")
        let grouping = locale.groupingSeparator.flatMap(\.first).map { $0 == "\u{202F}" || $0 == "\u{A0}" ? " " : $0 }
        let spaced = String(trimmed.map { $0 == "\u{202F}" || $0 == "\u{A0}" ? " " : $0 })
        guard isNumber(spaced, point: point, grouping: grouping) else { return nil }
        let plain = String(spaced.filter { $0 != grouping }.map { $0 == point ? "." : $0 })
        return finite(Decimal(string: plain, locale: posix))
    }

    /// Decimal gives NaN for digits beyond its range.
    private static func finite(_ number: Decimal?) -> Decimal? { number?.isNaN == false ? number : nil }

    /// An optional sign, digits (in groups of three after the first when `grouping` separates
    /// them), and an optional fraction after `point`.
    private static func isNumber(_ text: String, point: Character, grouping: Character?) -> Bool {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: point, maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty else { return false }
        if parts.count == 2, parts[1].isEmpty || !parts[1].allSatisfy(\.isASCIIDigit) { return false }
        let groups = grouping.map { whole.split(separator: $0, omittingEmptySubsequences: false) } ?? [whole]
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return false }
        return groups.count == 1 || (groups[0].count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 })
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
