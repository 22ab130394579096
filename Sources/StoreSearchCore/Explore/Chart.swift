import Foundation

/// One chart of one store region: `base/{country}/rss/{feed}/[genre={id}/]limit={n}/json`, on the
/// same host as the Search API. The feed gives the ids and their order; the records come from a
/// lookup of those ids (`ChartRecords`).
public struct Chart: Hashable, Sendable {
    /// Entries a section of the Explore page shows; "See All" asks for `wholeChart`.
    public static let sectionLength = 5
    /// The most a chart lists (the store's feeds stop at 100 for most charts, 200 for a few).
    public static let wholeChart = 100

    public var feed: ChartFeed
    /// Two-letter store region ("US").
    public var country: String
    /// The store's genre id ("6014" Games), or nil for every genre.
    public var genre: String?
    public var limit: Int

    public init(feed: ChartFeed, country: String, genre: String? = nil, limit: Int = Chart.sectionLength) {
        self.feed = feed
        self.country = country
        self.genre = genre.flatMap { LookupQuery.isStoreID($0) ? $0 : nil }
        self.limit = min(max(limit, 1), 200)
    }

    /// The whole chart this one shows the start of ("See All").
    public var whole: Chart { Chart(feed: feed, country: country, genre: genre, limit: Self.wholeChart) }

    public var title: String { feed.title }

    public func url(base: URL) -> URL {
        var root = base.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        let region = SearchQuery.percentEncode(country.lowercased())
        let genrePart = genre.map { "genre=\($0)/" } ?? ""
        return URL(string: "\(root)/\(region)/rss/\(feed.rawValue)/\(genrePart)limit=\(limit)/json")!
    }

    /// The feed and limit a chart's path names (`/us/rss/topsongs/limit=10/json`), for a server
    /// that answers charts (the offline catalog); nil for any other path.
    public static func parse(path: String) -> (country: String, feed: ChartFeed, limit: Int)? {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count >= 5, parts[1] == "rss", parts.last == "json", let feed = ChartFeed(rawValue: parts[2])
        else { return nil }
        let limit = parts.dropFirst(3).first { $0.hasPrefix("limit=") }.flatMap { Int($0.dropFirst("limit=".count)) }
        return (parts[0].uppercased(), feed, min(max(limit ?? 10, 1), 200))
    }
}
