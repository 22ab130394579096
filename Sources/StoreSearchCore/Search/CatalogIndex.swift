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
        /// What `/lookup?id=` finds it by: its trackId, or without one (an album, an audiobook)
        /// its collectionId, as the decoder names results.
        let id: String?
        /// What `/lookup?id=…&entity=…` lists it under: its artist's and its album's ids.
        let artistID: String?
        let collectionID: String?
        /// The artist's name and page, for the artist's record the catalog makes (it has none of its own).
        let artistName: String?
        let artistLink: String?
        let json: Data
    }

    let entries: [Entry]

    public var count: Int { entries.count }

    /// Reads a catalog file shaped like a search response (`{"results": [...]}`). Each record is
    /// kept as its own bytes from the file (re-serialising 1,000 records took 0.7 s).
    public init(catalog data: Data) throws {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let records = object["results"] as? [[String: Any]]
        else { throw SearchResponseError.unexpectedShape }
        let ranges = Self.resultRanges(in: data)
        let sliced = ranges.count == records.count
        entries = try records.enumerated().map { index, record in
            let words =
                ["trackName", "collectionName", "artistName", "sellerName", "primaryGenreName"]
                .compactMap { record[$0] as? String } + ((record["genres"] as? [String]) ?? [])
            let json =
                sliced
                ? data.subdata(in: ranges[index])
                : try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes])
            return Entry(
                searchText: Self.fold(words.joined(separator: " ")),
                kind: record["kind"] as? String ?? "",
                wrapperType: record["wrapperType"] as? String ?? "",
                id: ((record["trackId"] ?? record["collectionId"]) as? NSNumber)?.stringValue,
                artistID: (record["artistId"] as? NSNumber)?.stringValue,
                collectionID: (record["collectionId"] as? NSNumber)?.stringValue,
                artistName: record["artistName"] as? String, artistLink: record["artistViewUrl"] as? String,
                json: json)
        }
    }

    /// The byte ranges of the objects in the top-level object's "results" array, in order: a
    /// scan that follows strings, escapes and nesting (the file was already parsed as valid JSON).
    static func resultRanges(in data: Data) -> [Range<Int>] {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> [Range<Int>] in
            let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
            let results = Array("results".utf8)
            var ranges: [Range<Int>] = []
            var depth = 0, inString = false, escaped = false
            var stringStart = 0, lastString: Range<Int>?, inResults = false, objectStart: Int?
            for index in 0..<bytes.count {
                let byte = bytes[index]
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == backslash {
                        escaped = true
                    } else if byte == quote {
                        inString = false
                        if depth == 1 { lastString = stringStart..<index }
                    }
                    continue
                }
                switch byte {
                case quote:
                    inString = true
                    stringStart = index + 1
                case UInt8(ascii: ":") where depth == 1:
                    inResults = lastString.map { bytes[$0].elementsEqual(results) } ?? false
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if depth == 2, byte == UInt8(ascii: "{"), inResults { objectStart = index }
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 2, byte == UInt8(ascii: "}"), let start = objectStart {
                        ranges.append(start..<index + 1)
                        objectStart = nil
                    }
                default:
                    break
                }
            }
            return ranges
        }
    }

    /// A complete response body for the API parameters `term`, `entity` and `limit`.
    public func responseBody(term: String, entity: String?, limit: Int) -> Data {
        let words = Self.fold(term).split(separator: " ")
        let matches =
            words.isEmpty
            ? []
            : entries.lazy
                .filter { entry in
                    self.matches(entry, entity: entity) && words.allSatisfy { entry.searchText.contains($0) }
                }
                .prefix(min(max(limit, 1), 200))
        return Self.body(Array(matches))
    }

    /// A complete response body for `/lookup?id=ID1,ID2,…`: the records with those ids, as the
    /// store answers (ids it does not know are left out).
    public func lookupBody(ids: [String]) -> Data {
        let wanted = Set(ids.prefix(200))
        let found = entries.filter { $0.id.map(wanted.contains) == true }
        // An artist's id (an artist's store link): the catalog has no artists' records, so it makes
        // one in the store's shape from the first of their items.
        let known = Set(found.compactMap(\.id))
        var artists: [Entry] = []
        for id in ids.prefix(200) where !known.contains(id) && !artists.contains(where: { $0.id == id }) {
            guard let item = entries.first(where: { $0.artistID == id }), let name = item.artistName,
                let json = try? JSONSerialization.data(
                    withJSONObject: [
                        "wrapperType": "artist", "artistType": "Artist", "artistName": name,
                        "artistId": Int(id) ?? 0, "artistLinkUrl": item.artistLink ?? "",
                    ],
                    options: [.sortedKeys, .withoutEscapingSlashes])
            else { continue }
            artists.append(
                Entry(
                    searchText: "", kind: "", wrapperType: "artist", id: id, artistID: id, collectionID: nil,
                    artistName: name, artistLink: item.artistLink, json: json))
        }
        return Self.body(found + artists)
    }

    /// A complete response body for `/lookup?id=…&entity=…`: what the catalog has of those artists
    /// or albums. The store answers with the artist's or album's record first and only the works of
    /// `entity`; the catalog has no such records, and gives every work it has of them (an artist's
    /// songs, apps and books alike), so the page shows what there is. An artist or album it does not
    /// know answers no records.
    public func lookupBody(ids: [String], entity: String) -> Data {
        let wanted = Set(ids.prefix(200))
        let tracksOnly = entity == "song"
        return Self.body(
            entries.filter { entry in
                if let collection = entry.collectionID, wanted.contains(collection), !tracksOnly || entry.kind == "song"
                {
                    return true
                }
                return entry.artistID.map(wanted.contains) == true
            })
    }

    private static func body(_ matches: [Entry]) -> Data {
        var body = Data("\n\n\n{\n \"resultCount\":\(matches.count),\n \"results\": [\n".utf8)
        for (index, entry) in matches.enumerated() {
            if index > 0 { body.append(Data(",\n".utf8)) }
            body.append(entry.json)
        }
        body.append(Data("]\n}\n".utf8))
        return body
    }

    func matches(_ entry: Entry, entity: String?) -> Bool {
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

    static func fold(_ text: String) -> String { text.foldedForSearch }
}
