import Foundation

/// One entry of a chart feed, as the feed itself describes it (RSS turned into JSON: every field an
/// object with a `label` and/or `attributes`). The chart's ids and order come from here; the
/// records shown come from the store's lookup, and only an entry the lookup does not return is
/// shown from these fields (`result(in:region:)`).
public struct ChartEntry: Hashable, Sendable {
    /// The store id (`id.attributes["im:id"]`).
    public var id: String
    public var name: String
    public var artist: String?
    /// `im:price.attributes.amount`; nil when the entry names none.
    public var price: Decimal?
    public var currency: String?
    /// `im:contentType`'s term ("Music", "Application", …) and its inner one ("Track", "Album").
    public var contentType: String?
    public var contentSubtype: String?
    public var genre: String?
    public var releaseDate: Date?
    /// The largest image no larger than a thumbnail, and the largest one (`im:image[]` by height).
    public var artworkURL: URL?
    public var largeArtworkURL: URL?
    /// The entry's store page (`id.label`, or the `alternate` link) and preview (the `enclosure`).
    public var storeURL: URL?
    public var previewURL: URL?
    public var summary: String?

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// What the entry is: its content type where StoreSearch knows it, an unknown one by its own
    /// name, and without one what the chart ranks.
    public func kind(in feed: ChartFeed) -> ResultKind {
        guard let type = contentType?.lowercased() else { return feed.kind }
        switch (type, contentSubtype?.lowercased()) {
        case ("music", "album"): return .album
        case ("music", _): return feed == .topalbums ? .album : .song
        case ("application", _), ("mac application", _), ("software", _): return .app
        case ("movie", _): return .movie
        case ("book", _), ("ebook", _): return .ebook
        case ("audiobook", _): return .audiobook
        case ("podcast", _): return .podcast
        case ("music video", _): return .musicVideo
        case ("tv episode", _), ("tv season", _): return .tvEpisode
        default: return .other(type.replacingOccurrences(of: " ", with: "-"))
        }
    }

    /// The entry as a result, from the feed's own fields (the lookup did not return it): named
    /// as the decoder names the store's records of its kind, so Keep and the rest work alike.
    public func result(in feed: ChartFeed, region: String) -> SearchResult {
        let kind = kind(in: feed)
        let isCollection = kind == .album || kind == .audiobook
        return SearchResult(
            id: isCollection ? "collection:\(id)" : "track:\(id)", name: name, artist: artist, kind: kind,
            genre: genre, price: price, currency: currency, releaseDate: releaseDate, storeURL: storeURL,
            previewURL: previewURL, storeRegion: region, artworkURL: artworkURL, largeArtworkURL: largeArtworkURL,
            summary: summary, collectionID: isCollection ? id : nil)
    }
}
