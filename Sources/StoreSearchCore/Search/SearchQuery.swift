import Foundation

/// One search against an iTunes-compatible server.
public struct SearchQuery: Hashable, Sendable {
    public var term: String
    public var category: Category
    public var limit: Int
    /// Two-letter store region, such as "US".
    public var country: String
    /// Language such as "en_us".
    public var language: String

    public init(term: String, category: Category = .all, limit: Int = 200, locale: Locale = UserLocale.unitedStates) {
        self.init(
            term: term, category: category, limit: limit, country: Self.country(for: locale),
            language: Self.language(for: locale))
    }

    /// A search in the store of `country` ("DE"), answered in `language` (the API's "de_de").
    public init(term: String, category: Category = .all, limit: Int = 200, country: String, language: String) {
        self.term = term.trimmingCharacters(in: .whitespacesAndNewlines)
        self.category = category
        self.limit = min(max(limit, 1), 200)
        self.country = country
        self.language = language
    }

    public var isEmpty: Bool { term.isEmpty }

    /// `base/search?term=…&limit=…&country=…&lang=…[&entity=…]`.
    public func url(base: URL) -> URL {
        var items = [
            ("term", term),
            ("limit", String(limit)),
            ("country", country),
            ("lang", language),
        ]
        if let entity = category.entity { items.append(("entity", entity)) }
        let query = items.map { "\($0)=\(Self.percentEncode($1))" }.joined(separator: "&")
        var root = base.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        return URL(string: "\(root)/search?\(query)")!
    }

    /// Percent-encodes everything except RFC 3986 unreserved characters, so `&`, `+`, `#`, `=`
    /// and friends stay part of the value.
    static func percentEncode(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }

    static func country(for locale: Locale) -> String {
        if let region = locale.region?.identifier, region.count == 2, region.allSatisfy(\.isLetter) {
            return region.uppercased()
        }
        return "US"
    }

    static func language(for locale: Locale) -> String {
        let code = locale.language.languageCode?.identifier ?? "en"
        return "\(code)_\(country(for: locale).lowercased())"
    }
}
