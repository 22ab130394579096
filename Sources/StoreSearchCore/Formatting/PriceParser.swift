import Foundation

/// Reads back a price the user typed in their locale: "1.29", "$1.29", "1,29" (de_DE), "0", "Free".
public struct PriceParser: Sendable {
    public let locale: Locale

    public init(locale: Locale = .current) { self.locale = locale }

    public func parse(_ text: String) throws(PriceParseError) -> Decimal {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { throw .empty }
        if trimmed.lowercased() == "free" || trimmed.lowercased() == localized("Free").lowercased() { return 0 }

        // Drop currency symbols and codes, spaces (including no-break ones) and a leading sign.
        var negative = false
        var kept = ""
        for character in trimmed {
            if character.isNumber || character == "." || character == "," || character == "'" {
                kept.append(character)
            } else if character == "-" || character == "−" {
                negative = true
            } else if character.isLetter || character.isCurrencySymbol || character.isWhitespace {
                continue
            } else {
                throw .notANumber(example: example)
            }
        }
        // Letters other than a currency code ("abc", "12kg") are not a price.
        let letters = trimmed.filter(\.isLetter)
        if !letters.isEmpty && !(letters.count == 3 && letters.allSatisfy(\.isUppercase)) {
            throw .notANumber(example: example)
        }
        guard let value = normalized(kept).flatMap({ Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) })
        else {
            throw .notANumber(example: example)
        }
        if negative && value != 0 { throw .negative }
        if value > 1_000_000 { throw .tooLarge }
        return value
    }

    /// Digits with "." as the decimal point, or nil when separators are misplaced.
    private func normalized(_ text: String) -> String? {
        guard text.contains(where: \.isNumber) else { return nil }
        let decimalSeparator = Character(locale.decimalSeparator ?? ".")
        let separators = text.filter { !$0.isNumber }
        // Which separator is the decimal point: the locale's if present, else a lone "." or ","
        // followed by one or two digits at the end (someone typing "1.29" in a German locale).
        var point: Character?
        if separators.contains(decimalSeparator) {
            point = decimalSeparator
        } else if let last = text.lastIndex(where: { $0 == "." || $0 == "," }),
            separators.filter({ $0 == text[last] }).count == 1,
            (1...2).contains(text.distance(from: text.index(after: last), to: text.endIndex))
        {
            point = text[last]
        }
        var integerPart = Substring(text)
        var fraction = Substring("")
        if let point, let index = text.lastIndex(of: point) {
            integerPart = text[..<index]
            fraction = text[text.index(after: index)...]
            guard fraction.allSatisfy(\.isNumber) else { return nil }
        }
        // Grouping separators must separate groups of three digits.
        let groups = integerPart.split(omittingEmptySubsequences: false, whereSeparator: { !$0.isNumber })
        if groups.count > 1 {
            guard let first = groups.first, (1...3).contains(first.count),
                groups.dropFirst().allSatisfy({ $0.count == 3 })
            else { return nil }
        }
        let digits = groups.joined()
        if digits.isEmpty && fraction.isEmpty { return nil }
        return (digits.isEmpty ? "0" : digits) + (fraction.isEmpty ? "" : "." + fraction)
    }

    private var example: String {
        PriceFormatter(locale: locale).editableString(for: Decimal(string: "1.29"), currency: "USD")
    }
}

private extension Character {
    var isCurrencySymbol: Bool { unicodeScalars.allSatisfy { $0.properties.generalCategory == .currencySymbol } }
}
