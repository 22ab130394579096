import Foundation

/// The offline catalog's charts: its items of the chart's kind, in the catalog's order, in the
/// shape of the store's feeds, so the Explore page works the same offline.
extension CatalogIndex {
    /// A feed body for `feed` with at most `limit` entries (no `entry` at all when the catalog has
    /// none of its kind, one entry as an object, as the store sends them). Throws when a record of
    /// the catalog is not the JSON it was read as (the server answers that as its failure).
    public func chartBody(feed: ChartFeed, limit: Int) throws -> Data {
        let entity: String =
            switch feed.kind {
            case .song: "song"
            case .app: "software"
            case .ebook: "ebook"
            case .movie: "movie"
            case .podcast: "podcast"
            case .audiobook: "audiobook"
            case .musicVideo: "musicVideo"
            default: "none"  // the catalog has no albums
            }
        var entries: [[String: Any]] = []
        for entry in self.entries where entries.count < limit && matches(entry, entity: entity) {
            guard let id = entry.id,
                let record = try JSONSerialization.jsonObject(with: entry.json) as? [String: Any]
            else { continue }
            let price = (record["trackPrice"] ?? record["price"] ?? record["collectionPrice"]) as? NSNumber
            if let isFree = feed.isFree, (price?.doubleValue ?? 0 == 0) != isFree { continue }
            entries.append(Self.chartEntry(record, id: id, price: price))
        }
        var chart: [String: Any] = ["title": ["label": "StoreSearch offline catalog: \(feed.rawValue)"]]
        if entries.count == 1 { chart["entry"] = entries[0] } else if !entries.isEmpty { chart["entry"] = entries }
        return try JSONSerialization.data(withJSONObject: ["feed": chart], options: [.withoutEscapingSlashes])
    }

    private static func chartEntry(_ record: [String: Any], id: String, price: NSNumber?) -> [String: Any] {
        let name = record["trackName"] ?? record["collectionName"] ?? ""
        var entry: [String: Any] = [
            "im:name": ["label": name], "id": ["label": record["trackViewUrl"] ?? "", "attributes": ["im:id": id]],
            "im:artist": ["label": record["artistName"] ?? record["sellerName"] ?? ""],
            "category": ["attributes": ["label": record["primaryGenreName"] ?? ""]],
            "im:releaseDate": ["label": record["releaseDate"] ?? ""],
        ]
        if let price {
            entry["im:price"] = ["attributes": ["amount": price.stringValue, "currency": record["currency"] ?? "USD"]]
        }
        if let artwork = record["artworkUrl100"] as? String {
            entry["im:image"] = [["label": artwork, "attributes": ["height": "100"]]]
        }
        if let preview = record["previewUrl"] as? String {
            entry["link"] = [["attributes": ["rel": "enclosure", "href": preview]]]
        }
        return entry
    }
}
