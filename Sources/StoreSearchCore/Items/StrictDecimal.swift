import Foundation

/// A number another tool wrote as text, read whole or not at all: `Decimal(string:)` reads the
/// longest prefix it can, so "12,50" would be 12 and "1.299,00" 1.299.
enum StrictDecimal {
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// A plain decimal number ("12.50", "-1"), else one written the locale's way, with its
    /// decimal separator and groups of three ("12,50" and "1.299,00" in de_DE); else nil.
    static func parse(_ text: String, locale: Locale) -> Decimal? {
        guard text.utf8.count <= 64 else { return nil }
        if text.utf8.count > 38, case let digits = significantDigits(text), digits > 38 {
            // Decimal keeps 38 digits, 39 below 2^128: a price it would round is kept as written.
            guard digits == 39, let value = Decimal(string: text, locale: posix), "\(value)" == text else { return nil }
            return value
        }
        if let plain = plainDecimal(text) { return plain }  // what StoreSearch writes: most prices
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if isNumber(trimmed, point: ".", grouping: nil) { return finite(Decimal(string: trimmed, locale: posix)) }
        let point = locale.decimalSeparator?.first ?? "."
        let grouping = locale.groupingSeparator.flatMap(\.first).map { $0 == "\u{202F}" || $0 == "\u{A0}" ? " " : $0 }
        let spaced = String(trimmed.map { $0 == "\u{202F}" || $0 == "\u{A0}" ? " " : $0 })
        guard isNumber(spaced, point: point, grouping: grouping) else { return nil }
        let plain = String(spaced.filter { $0 != grouping }.map { $0 == point ? "." : $0 })
        return finite(Decimal(string: plain, locale: posix))
    }

    /// Digits with at most one "." and no more than 18 of them ("1.29"), built without
    /// `Decimal(string:)`, which costs more than the rest of reading a price; nil for anything else.
    private static func plainDecimal(_ text: String) -> Decimal? {
        var significand: UInt64 = 0, digits = 0, fraction = 0, seenPoint = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 18 {
                significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fraction += 1 }
            } else {
                return nil
            }
        }
        guard digits > 0, !seenPoint || fraction > 0, text.utf8.first != UInt8(ascii: ".") else { return nil }
        return Decimal(sign: .plus, exponent: -fraction, significand: Decimal(significand))
    }

    /// The digits from the first that is not zero on ("0.0129": 3).
    private static func significantDigits(_ text: String) -> Int {
        let digits = text.utf8.filter { (0x30...0x39).contains($0) }
        return digits.count - (digits.firstIndex { $0 != 0x30 } ?? digits.count)
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
