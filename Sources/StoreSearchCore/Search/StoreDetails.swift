import Foundation

/// What a store page shows beyond the name, artist, price and date, as far as the answer has it
/// for the item's kind: album or season, track and disc, duration, explicitness, ratings, and
/// an app's platforms, version, size and seller. Read-only: the user edits none of it.
public struct StoreDetails: Hashable, Sendable {
    public enum Explicitness: Hashable, Sendable { case explicit, clean }
    public enum Platform: String, Hashable, Sendable, CaseIterable { case mac, iPhone, iPad }

    public var trackNumber: Int?
    public var trackCount: Int?
    public var discNumber: Int?
    public var discCount: Int?
    public var durationMilliseconds: Int?
    public var explicitness: Explicitness?
    public var contentRating: String?
    public var userRating: Double?
    public var userRatingCount: Int?
    public var platforms: [Platform] = []
    public var version: String?
    public var versionDate: Date?
    public var releaseNotes: String?
    public var fileSizeBytes: Int64?
    public var seller: String?
    /// "℗ 2019 Label": albums and audiobooks.
    public var copyright: String?
    public var feedURL: URL?
    public var screenshotURLs: [URL] = []

    public init() {}

    public var isEmpty: Bool { self == StoreDetails() }

    /// "3:45", or "1:02:03" from an hour on.
    public static func duration(milliseconds: Int) -> String {
        let seconds = max(0, milliseconds / 1000)
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    /// "★★★★☆" for 4.5: the whole stars earned, never rounded up (the number beside says the rest;
    /// the fonts at hand have no half star).
    public static func stars(_ rating: Double) -> String {
        let filled = min(5, max(0, Int((rating + 0.001).rounded(.down))))
        return String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled)
    }

    /// "★★★★☆ 4.5 (601,064 ratings)" to see, "4.5 out of 5 stars, 601,064 ratings" to hear.
    public static func rating(_ rating: Double, count: Int?, locale: Locale) -> (shown: String, spoken: String) {
        // The stars follow the number as shown: 4.96 reads "5.0", so five stars.
        let tenths = (rating * 10).rounded() / 10
        let number = tenths.formatted(.number.precision(.fractionLength(1)).locale(locale))
        let ratings = (count ?? 0).formatted(.number.locale(locale))
        return (
            String(format: localized("%1$@ (%2$@ ratings)"), "\(stars(tenths)) \(number)", ratings),
            String(format: localized("%1$@ out of 5 stars, %2$@ ratings"), number, ratings)
        )
    }

    /// The rows the detail shows, titles and values translated, in the user's `locale`
    /// (`fileSize` formats a byte count; the app passes GLib's). `spoken` is what a screen reader
    /// should say for a value that is not plain words (the rating's stars).
    public func rows(for kind: ResultKind, collection: String?, locale: Locale, fileSize: (Int64) -> String)
        -> [(title: String, value: String, spoken: String?)]
    {
        var rows: [(String, String, String?)] = []
        func add(_ title: String, _ value: String) { rows.append((title, value, nil)) }
        if let collection {
            let title =
                switch kind {
                case .tvEpisode: localized("Season")
                case .song, .musicVideo: localized("Album")
                default: localized("Collection")
                }
            add(title, collection)
        }
        func ofCount(_ number: Int?, _ count: Int?) -> String? {
            guard let number else { return nil }
            guard let count, count >= number else { return number.formatted(.number.locale(locale)) }
            return String(
                format: localized("%1$@ of %2$@"), number.formatted(.number.locale(locale)),
                count.formatted(.number.locale(locale)))
        }
        if let track = ofCount(trackNumber, trackCount) {
            add(kind == .tvEpisode ? localized("Episode") : localized("Track"), track)
        }
        // A whole album's or podcast's count: its tracks or episodes.
        if trackNumber == nil, let trackCount, kind == .album || kind == .podcast {
            add(
                kind == .podcast ? localized("Episodes") : localized("Tracks"),
                trackCount.formatted(.number.locale(locale)))
        }
        if let disc = ofCount(discNumber, discCount), (discCount ?? 1) > 1 { add(localized("Disc"), disc) }
        if let durationMilliseconds, durationMilliseconds > 0 {
            add(localized("Duration"), Self.duration(milliseconds: durationMilliseconds))
        }
        if let explicitness {
            let value = explicitness == .explicit ? localized("Explicit") : localized("Clean")
            switch kind {
            case .song, .album, .musicVideo: add(localized("Lyrics"), value)
            // Other kinds (a podcast) have no lyrics; their content rating, where the store gave one, says the same.
            default: if contentRating == nil { add(localized("Content Rating"), value) }
            }
        }
        if let contentRating { add(localized("Content Rating"), contentRating) }
        if let userRating {
            let rating = Self.rating(userRating, count: userRatingCount, locale: locale)
            rows.append((localized("Rating"), rating.shown, rating.spoken))
        }
        if !platforms.isEmpty {
            let names = platforms.map { platform in
                switch platform {
                case .mac: localized("Mac App")
                case .iPhone: localized("iPhone App")
                case .iPad: localized("iPad App")
                }
            }
            add(localized("Platform"), names.joined(separator: ", "))
        }
        if let version {
            let date = versionDate.flatMap { ReleaseDateFormatter(locale: locale).string(for: $0) }
            add(localized("Version"), date.map { String(format: localized("%1$@ (%2$@)"), version, $0) } ?? version)
        }
        if let fileSizeBytes, fileSizeBytes > 0 { add(localized("Size"), fileSize(fileSizeBytes)) }
        if let seller { add(localized("Seller"), seller) }
        if let copyright { add(localized("Copyright"), copyright) }
        if let feedURL { add(localized("Feed"), feedURL.absoluteString) }
        return rows
    }
}
