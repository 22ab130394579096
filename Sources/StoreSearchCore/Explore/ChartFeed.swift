/// One of the store's charts (its RSS feeds, `…/rss/{feed}/limit={n}/json`), in the order the
/// Explore page lists them, with the name it shows and the kind of item it ranks.
public enum ChartFeed: String, CaseIterable, Hashable, Sendable {
    case topsongs, topalbums, topmusicvideos
    case topfreeapplications, toppaidapplications, topfreemacapps, toppaidmacapps
    case topmovies, toppaidebooks, topfreeebooks, topaudiobooks, toppodcasts

    /// The charts a category shows: for All a chart per kind, for another category its own.
    public static func feeds(for category: Category) -> [ChartFeed] {
        switch category {
        case .all:
            [
                .topsongs, .topalbums, .topfreeapplications, .toppaidapplications, .topmovies, .toppaidebooks,
                .toppodcasts,
            ]
        case .music: [.topsongs, .topalbums, .topmusicvideos]
        case .software: [.topfreeapplications, .toppaidapplications, .topfreemacapps, .toppaidmacapps]
        case .ebooks: [.toppaidebooks, .topfreeebooks]
        case .movies: [.topmovies]
        case .podcasts: [.toppodcasts]
        case .audiobooks: [.topaudiobooks]
        }
    }

    /// The chart's name in the user's language ("Top Songs"): the section's heading and its list's name.
    public var title: String {
        switch self {
        case .topsongs: localized("Top Songs")
        case .topalbums: localized("Top Albums")
        case .topmusicvideos: localized("Top Music Videos")
        case .topfreeapplications: localized("Top Free Apps")
        case .toppaidapplications: localized("Top Paid Apps")
        case .topfreemacapps: localized("Top Free Mac Apps")
        case .toppaidmacapps: localized("Top Paid Mac Apps")
        case .topmovies: localized("Top Movies")
        case .toppaidebooks: localized("Top Paid Books")
        case .topfreeebooks: localized("Top Free Books")
        case .topaudiobooks: localized("Top Audiobooks")
        case .toppodcasts: localized("Top Podcasts")
        }
    }

    /// What the chart ranks: the kind of an entry the store's lookup does not return, when the
    /// entry's own content type is not one StoreSearch knows.
    public var kind: ResultKind {
        switch self {
        case .topsongs: .song
        case .topalbums: .album
        case .topmusicvideos: .musicVideo
        case .topfreeapplications, .toppaidapplications, .topfreemacapps, .toppaidmacapps: .app
        case .topmovies: .movie
        case .toppaidebooks, .topfreeebooks: .ebook
        case .topaudiobooks: .audiobook
        case .toppodcasts: .podcast
        }
    }

    /// Whether the chart ranks only free items (true), only paid ones (false), or both (nil).
    public var isFree: Bool? {
        switch self {
        case .topfreeapplications, .topfreemacapps, .topfreeebooks: true
        case .toppaidapplications, .toppaidmacapps, .toppaidebooks: false
        default: nil
        }
    }
}
