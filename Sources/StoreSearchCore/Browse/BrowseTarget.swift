import Foundation

/// A page the results pane can go to: from an item, an artist's works or an album's tracks (it
/// names the store's lookup that fills it, `/lookup?id=ID&entity=…`); from the Explore page, a
/// whole chart (its feed, then a lookup of its ids).
public enum BrowseTarget: Hashable, Sendable {
    /// `entity`: what the store is asked to list of the artist ("album", "software", "ebook", …).
    case artist(id: String, name: String, entity: String)
    case album(id: String, name: String)
    case chart(Chart)

    /// The artist's or album's store id (a chart's feed name).
    public var id: String {
        switch self {
        case .artist(let id, _, _), .album(let id, _): id
        case .chart(let chart): chart.feed.rawValue
        }
    }

    /// The artist's or album's name as the item that led here gave it; a chart's title.
    public var name: String {
        switch self {
        case .artist(_, let name, _), .album(_, let name): name
        case .chart(let chart): chart.title
        }
    }

    public var entity: String {
        switch self {
        case .artist(_, _, let entity): entity
        case .album: "song"
        case .chart: ""
        }
    }

    /// Whether `other` is this page, whatever name the item that led there gave it.
    public func isSamePage(as other: BrowseTarget?) -> Bool {
        guard let other else { return false }
        switch (self, other) {
        case (.artist(let id, _, let entity), .artist(let otherID, _, let otherEntity)):
            return id == otherID && entity == otherEntity
        case (.album(let id, _), .album(let otherID, _)): return id == otherID
        case (.chart(let chart), .chart(let other)): return chart == other
        default: return false
        }
    }

    /// The lookup that fills an artist's or album's page; nil for a chart (its feed comes first).
    public func query(country: String) -> LookupQuery? {
        if case .chart = self { return nil }
        return LookupQuery(ids: [id], country: country, entity: entity)
    }

    /// The page of `result`'s artist: an artist's own record opens its page; any other item
    /// its artist's ("More by"). Nil when the store named no artist id.
    public static func artist(of result: SearchResult) -> BrowseTarget? {
        let isArtist = result.kind == .artist
        guard let id = result.artistID ?? (isArtist ? LookupQuery.storeID(ofItem: result.id) : nil),
            LookupQuery.isStoreID(id),
            let name = isArtist ? result.name : result.artist
        else { return nil }
        return .artist(id: id, name: name, entity: worksEntity(kind: result.kind, artistType: result.artistType))
    }

    /// The album whose tracks `result` lists (an album) or is one of (a song). Nil for other
    /// kinds, and when the store named no collection id.
    public static func album(of result: SearchResult) -> BrowseTarget? {
        switch result.kind {
        case .album:
            guard let id = result.collectionID ?? LookupQuery.storeID(ofItem: result.id), LookupQuery.isStoreID(id)
            else { return nil }
            return .album(id: id, name: result.name)
        case .song:
            guard let id = result.collectionID, LookupQuery.isStoreID(id), let name = result.collectionName else {
                return nil
            }
            return .album(id: id, name: name)
        default:
            return nil
        }
    }

    /// What an artist's page lists, from the kind of the item that led there (or, for the artist's
    /// own record, the store's `artistType`): a musician's albums, a developer's apps, an author's books.
    static func worksEntity(kind: ResultKind, artistType: String?) -> String {
        switch kind {
        case .app: return "software"
        case .ebook: return "ebook"
        case .audiobook: return "audiobook"
        case .movie: return "movie"
        case .podcast: return "podcast"
        case .tvEpisode: return "tvSeason"
        case .artist:
            switch artistType?.lowercased() {
            case "software artist": return "software"
            case "author": return "ebook"
            case "movie artist": return "movie"
            case "podcast artist": return "podcast"
            case "tv show": return "tvSeason"
            default: return "album"
            }
        default: return "album"
        }
    }
}
