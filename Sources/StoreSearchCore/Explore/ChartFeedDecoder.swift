import Foundation

/// Decodes a chart feed (`…/rss/{feed}/limit={n}/json`) tolerantly: `feed.entry` is a list, a
/// single object when the chart has one entry, and absent when it has none; an entry without an
/// id or a name is skipped, any other field may be missing or of the wrong type.
public enum ChartFeedDecoder {
    /// The entries in the chart's order, at most `limit`, each id once. Throws `.cancelled` soon
    /// after the calling task is cancelled.
    public static func decode(_ body: Data, limit: Int = .max) throws(SearchResponseError) -> [ChartEntry] {
        let object = try SearchResponseDecoder.object(body)
        guard let feed = object["feed"] as? [String: Any] else { throw .unexpectedShape }
        let records: [Any]
        switch feed["entry"] {
        case let list as [Any]: records = list
        case let one as [String: Any]: records = [one]
        case nil, is NSNull: records = []
        default: throw .unexpectedShape
        }
        var entries: [ChartEntry] = []
        var seen: Set<String> = []
        for record in records where entries.count < limit {
            if Task.isCancelled { throw .cancelled }
            guard let fields = record as? [String: Any], let entry = entry(from: fields), seen.insert(entry.id).inserted
            else { continue }
            entries.append(entry)
        }
        return entries
    }

    static func entry(from fields: [String: Any]) -> ChartEntry? {
        guard let id = text(attribute(fields["id"], "im:id"), bound: TextBounds.code), LookupQuery.isStoreID(id),
            let name = text(label(fields["im:name"]), bound: TextBounds.name)
        else { return nil }
        var entry = ChartEntry(id: id, name: name)
        entry.artist = text(label(fields["im:artist"]), bound: TextBounds.artist)
        entry.price = text(attribute(fields["im:price"], "amount"), bound: TextBounds.code).flatMap(price)
        entry.currency = text(attribute(fields["im:price"], "currency"), bound: TextBounds.code)
        let contentType = fields["im:contentType"] as? [String: Any]
        entry.contentType = text(attribute(contentType, "term"), bound: TextBounds.code)
        entry.contentSubtype = text(attribute(contentType?["im:contentType"], "term"), bound: TextBounds.code)
        entry.genre = text(attribute(fields["category"], "label"), bound: TextBounds.genre)
        entry.releaseDate = text(label(fields["im:releaseDate"]), bound: TextBounds.code).flatMap(date)
        (entry.artworkURL, entry.largeArtworkURL) = images(fields["im:image"])
        let links = list(fields["link"]).compactMap { $0 as? [String: Any] }
        let alternate = links.first { attribute($0, "rel") as? String == "alternate" }
        entry.storeURL = link(label(fields["id"])) ?? link(attribute(alternate, "href"))
        entry.previewURL = link(attribute(links.first { attribute($0, "rel") as? String == "enclosure" }, "href"))
        entry.summary = text(label(fields["summary"]), bound: TextBounds.descriptionHTML).map {
            TextBounds.cut(HTMLText.plainText($0), to: TextBounds.summary)
        }
        return entry
    }

    /// The thumbnail (the tallest image up to a thumbnail's size, else the smallest) and the
    /// largest image, by their `height` attribute.
    static func images(_ value: Any?) -> (URL?, URL?) {
        let images = list(value).compactMap { image -> (height: Int, url: URL)? in
            guard let url = link(label(image)) else { return nil }
            let height = (attribute(image, "height") as? String).flatMap { Int($0) } ?? 0
            return (height, url)
        }.sorted { $0.height < $1.height }
        let thumbnail = images.last { $0.height <= ArtworkURL.thumbnailPixels } ?? images.first
        return (thumbnail?.url, images.last?.url)
    }

    private static func list(_ value: Any?) -> [Any] {
        switch value {
        case let list as [Any]: list
        case let one as [String: Any]: [one]
        default: []
        }
    }

    private static func label(_ value: Any?) -> Any? { (value as? [String: Any])?["label"] }

    private static func attribute(_ value: Any?, _ key: String) -> Any? {
        ((value as? [String: Any])?["attributes"] as? [String: Any])?[key]
    }

    /// Text cut to its bound, made showable and trimmed; nil when empty or not text.
    private static func text(_ value: Any?, bound: Int) -> String? {
        guard let value = value as? String else { return nil }
        let text = TextBounds.showable(TextBounds.cut(value, to: bound)).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    private static func link(_ value: Any?) -> URL? {
        guard let text = text(value, bound: 4096), case .success(let url) = WebLink.check(text) else { return nil }
        return url
    }

    /// "1.29", "0.00000": a price; anything else (text, a negative amount) is none.
    private static func price(_ text: String) -> Decimal? {
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let price = Decimal(string: text),
            price.isFinite
        else { return nil }
        return price
    }

    /// "2024-01-19T00:00:00-07:00" (the feeds give an offset, not Z).
    private static func date(_ text: String) -> Date? {
        (try? Date.ISO8601FormatStyle().parse(text))
            ?? (try? Date.ISO8601FormatStyle(timeZoneSeparator: .colon).parse(text))
    }
}
