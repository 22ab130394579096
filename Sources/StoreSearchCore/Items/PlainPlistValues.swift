import Foundation

// The item file stores URLs, prices and kinds as plain strings ("1.29", "https://…", "song"),
// so that it reads well and parses fast. Decoding (format 1, through Codable) also accepts the nested forms that format 1
// files hold: Foundation's `{relative: …}` for URLs, its mantissa dictionary for Decimal, and
// the synthesized `{song: {}}` / `{other: {_0: …}}` for kinds.

extension KeyedDecodingContainer {
    func decodePlainURL(forKey key: Key) throws -> URL? {
        if let string = try? decodeIfPresent(String.self, forKey: key) { return URL(string: string) }
        return try decodeIfPresent(URL.self, forKey: key)
    }

    func decodePlainDecimal(forKey key: Key) throws -> Decimal? {
        if let string = try? decodeIfPresent(String.self, forKey: key) {
            guard let decimal = Decimal(string: string, locale: Locale(identifier: "en_US_POSIX")) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "not a number: \(string)")
            }
            return decimal
        }
        return try decodeIfPresent(Decimal.self, forKey: key)
    }
}
