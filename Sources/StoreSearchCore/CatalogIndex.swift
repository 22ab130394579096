import Foundation

/// The offline catalog's search: iTunes-format records matched like the real API matches them
/// (every word of the term in name, artist or genre; case- and accent-insensitive), filtered by
/// `entity`, capped by `limit`. Records are kept as their original JSON so answers have the
/// API's exact shape.
public struct CatalogIndex: Sendable {
    struct Entry: Sendable {
        let searchText: String
        let kind: String
        let wrapperType: String
        let json: Data
    }

    private let entries: [Entry]

    public var count: Int { entries.count }

    /// Reads a catalog file shaped like a search response (`{"results": [...]}`).
    public init(catalog data: Data) throws {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let records = object["results"] as? [[String: Any]] else { throw SearchResponseError.unexpectedShape }
        entries = try records.map { record in
            let words = ["trackName", "collectionName", "artistName", "sellerName", "primaryGenreName"]
                .compactMap { record[$0] as? String } + ((record["genres"] as? [String]) ?? [])
            return Entry(searchText: Self.fold(words.joined(separator: " ")),
                         kind: record["kind"] as? String ?? "",
                         wrapperType: record["wrapperType"] as? String ?? "",
                         json: try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes]))
        }
    }

    /// A complete response body for the API parameters `term`, `entity` and `limit`.
    public func responseBody(term: String, entity: String?, limit: Int) -> Data {
        let words = Self.fold(term).split(separator: " ")
        let matches = words.isEmpty ? [] : entries.lazy
            .filter { entry in self.matches(entry, entity: entity) && words.allSatisfy { entry.searchText.contains($0) } }
            .prefix(min(max(limit, 1), 200))
        var body = Data("\n\n\n{\n \"resultCount\":\(matches.count),\n \"results\": [\n".utf8)
        for (index, entry) in matches.enumerated() {
            if index > 0 { body.append(Data(",\n".utf8)) }
            body.append(entry.json)
        }
        body.append(Data("]\n}\n".utf8))
        return body
    }

    private func matches(_ entry: Entry, entity: String?) -> Bool {
        switch entity {
        case nil, "": true
        case "musicTrack", "song": entry.kind == "song"
        case "software": entry.kind == "software"
        case "ebook": entry.kind == "ebook"
        case "movie": entry.kind == "feature-movie"
        case "podcast": entry.kind == "podcast"
        case "audiobook": entry.wrapperType == "audiobook"
        case "musicVideo": entry.kind == "music-video"
        case "tvEpisode": entry.kind == "tv-episode"
        default: false
        }
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
