import Foundation

/// One record of the store's answer (a JSON object), read tolerantly: a value of the wrong type,
/// out of range, or not a web link reads as missing. Every text is cut to its bound (`TextBounds`),
/// made showable and trimmed.
struct StoreRecord {
    private let fields: [String: Any]
    /// Why the first link that was not a web link was refused (a tooltip on View in Store).
    private(set) var refusedLink: WebLink.Refusal?

    init(_ fields: [String: Any]) { self.fields = fields }

    func string(_ key: String, bound: Int = TextBounds.summary) -> String? {
        guard let value = fields[key] as? String else { return nil }
        let bounded = TextBounds.showable(TextBounds.cut(value, to: bound))
        // Most values need no trimming, and Foundation's trim is slow on Linux.
        let needsTrim = bounded.first?.isWhitespace != false || bounded.last?.isWhitespace != false
        let trimmed = needsTrim ? bounded.trimmingCharacters(in: .whitespacesAndNewlines) : bounded
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Short codes: "song", "explicit", "USD", dates.
    func code(_ key: String) -> String? { string(key, bound: TextBounds.code) }

    /// Whether the record names `key` at all (JSON null, as repaired numbers are, names nothing).
    func has(_ key: String) -> Bool { fields[key].map { !($0 is NSNull) } ?? false }

    func strings(_ key: String) -> [String] { (fields[key] as? [Any])?.compactMap { $0 as? String } ?? [] }

    func number(_ key: String) -> NSNumber? {
        // JSON booleans are NSNumbers too; their type code is "c".
        guard let number = fields[key] as? NSNumber, number.objCType.pointee != CChar(UInt8(ascii: "c")) else {
            return nil
        }
        return number
    }

    /// A whole number that fits (int64Value of 1e300 is undefined).
    func integer(_ key: String) -> Int64? {
        guard let number = number(key) else { return nil }
        let double = number.doubleValue
        guard double.isFinite, double.rounded() == double, abs(double) < 9e18 else { return nil }
        return number.int64Value
    }

    /// A whole number in `range`.
    func integer(_ key: String, in range: Range<Int64>) -> Int? {
        integer(key).flatMap { range.contains($0) ? Int($0) : nil }
    }

    /// A store id: a positive whole number, as text.
    func id(_ key: String) -> String? { integer(key).flatMap { $0 > 0 ? String($0) : nil } }

    func decimal(_ key: String) -> Decimal? {
        guard let number = number(key), number.doubleValue.isFinite, abs(number.doubleValue) < 1e15 else { return nil }
        return Decimal(string: number.stringValue)
    }

    /// "2001-07-11T07:00:00Z", with or without fractional seconds. The format style parses in
    /// Swift; ISO8601DateFormatter went through ICU and took half of the decoding time.
    func date(_ key: String) -> Date? {
        guard let text = code(key) else { return nil }
        return (try? Date.ISO8601FormatStyle().parse(text))
            ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
    }

    /// A web link; another link is refused, and the first refusal remembered.
    mutating func link(_ key: String) -> URL? {
        guard let text = string(key, bound: 4096) else { return nil }
        switch WebLink.check(text) {
        case .success(let url): return url
        case .failure(let reason):
            refusedLink = refusedLink ?? reason
            return nil
        }
    }

    /// Plain text of an HTML value, cut to a summary's bound.
    func plainText(_ key: String) -> String? {
        string(key, bound: TextBounds.descriptionHTML).map {
            TextBounds.cut(HTMLText.plainText($0), to: TextBounds.summary)
        }
    }
}
