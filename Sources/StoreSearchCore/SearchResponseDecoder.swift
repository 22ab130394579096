import Foundation

/// Decodes iTunes Search API bodies tolerantly: a record that cannot be understood is skipped,
/// never the whole search.
public enum SearchResponseDecoder {
    public static func decode(_ body: Data) throws(SearchResponseError) -> [SearchResult] {
        guard let firstByte = body.first(where: { !Self.isWhitespace($0) }) else { throw .emptyBody }
        guard firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "[") else { throw .notJSON }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: body, options: [])
        } catch {
            throw .malformedJSON
        }
        guard let object = json as? [String: Any] else { throw .unexpectedShape }
        if let message = object["errorMessage"] as? String { throw .serviceMessage(message) }
        guard let records = object["results"] as? [Any] else { throw .unexpectedShape }

        let results = records.compactMap { ($0 as? [String: Any]).flatMap { result(from: $0) } }
        return sortedByName(results)
    }

    /// Orders by name with a localized, case-insensitive compare; equal names keep API order.
    public static func sortedByName(_ results: [SearchResult]) -> [SearchResult] {
        results.enumerated().sorted { left, right in
            switch left.element.name.localizedStandardCompare(right.element.name) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: left.offset < right.offset
            }
        }.map(\.element)
    }

    /// "2001-07-11T07:00:00Z", with or without fractional seconds. The format style parses in
    /// Swift; ISO8601DateFormatter went through ICU and took half of the decoding time.
    private static func releaseDate(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle().parse(text)) ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
    }

    /// One record, or nil when it has no identity or name of the right type.
    static func result(from record: [String: Any]) -> SearchResult? {
        func string(_ key: String) -> String? {
            guard let value = record[key] as? String else { return nil }
            // Most values need no trimming, and Foundation's trim is slow on Linux.
            let needsTrim = value.first?.isWhitespace != false || value.last?.isWhitespace != false
            let trimmed = needsTrim ? value.trimmingCharacters(in: .whitespacesAndNewlines) : value
            return trimmed.isEmpty ? nil : trimmed
        }
        func number(_ key: String) -> NSNumber? {
            // JSON booleans are NSNumbers too; their type code is "c".
            guard let number = record[key] as? NSNumber, number.objCType.pointee != CChar(UInt8(ascii: "c")) else { return nil }
            return number
        }
        func integer(_ key: String) -> Int64? { number(key)?.int64Value }
        func decimal(_ key: String) -> Decimal? { number(key).flatMap { Decimal(string: $0.stringValue) } }
        func url(_ key: String) -> URL? { string(key).flatMap(URL.init(string:)) }

        let storeURL = url("trackViewUrl") ?? url("collectionViewUrl")
        let id: String
        if let trackID = integer("trackId") {
            id = "track:\(trackID)"
        } else if let collectionID = integer("collectionId") {
            id = "collection:\(collectionID)"
        } else if let storeURL {
            id = "url:\(storeURL.absoluteString)"
        } else {
            return nil
        }
        guard let name = string("trackName") ?? string("collectionName") else { return nil }

        let artwork = url("artworkUrl100") ?? url("artworkUrl60") ?? url("artworkUrl512")
        let large = url("artworkUrl512") ?? artwork.map { ArtworkURL.resized($0, to: 600) }
        let description = string("description") ?? string("longDescription")
        return SearchResult(
            id: id,
            name: name,
            artist: string("artistName") ?? string("sellerName"),
            kind: ResultKind(kind: string("kind"), wrapperType: string("wrapperType")),
            genre: string("primaryGenreName") ?? (record["genres"] as? [Any])?.lazy.compactMap { $0 as? String }.first,
            price: decimal("trackPrice") ?? decimal("price") ?? decimal("collectionPrice"),
            currency: string("currency"),
            releaseDate: string("releaseDate").flatMap(releaseDate),
            storeURL: storeURL,
            previewURL: url("previewUrl"),
            artworkURL: artwork,
            largeArtworkURL: large,
            summary: description.map(HTMLText.plainText))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }
}
