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
    public var feedURL: URL?
    public var screenshotURLs: [URL] = []

    public init() {}

    public var isEmpty: Bool { self == StoreDetails() }

    /// "3:45", or "1:02:03" from an hour on.
    public static func duration(milliseconds: Int) -> String {
        let seconds = max(0, milliseconds / 1000)
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    /// "★★★★☆" for 4.2: whole stars as rounded.
    public static func stars(_ rating: Double) -> String {
        let filled = min(5, max(0, Int(rating.rounded())))
        return String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled)
    }

    /// The rows the detail shows, titles and values translated, in the user's `locale`
    /// (`fileSize` formats a byte count; the app passes GLib's).
    public func rows(for kind: ResultKind, collection: String?, locale: Locale, fileSize: (Int64) -> String) -> [(title: String, value: String)] {
        var rows: [(String, String)] = []
        if let collection {
            let title = switch kind {
            case .tvEpisode: localized("Season")
            case .song, .musicVideo: localized("Album")
            default: localized("Collection")
            }
            rows.append((title, collection))
        }
        func ofCount(_ number: Int?, _ count: Int?) -> String? {
            guard let number else { return nil }
            guard let count, count >= number else { return number.formatted(.number.locale(locale)) }
            return String(format: localized("%1$@ of %2$@"), number.formatted(.number.locale(locale)), count.formatted(.number.locale(locale)))
        }
        if let track = ofCount(trackNumber, trackCount) { rows.append((kind == .tvEpisode ? localized("Episode") : localized("Track"), track)) }
        if let disc = ofCount(discNumber, discCount), (discCount ?? 1) > 1 { rows.append((localized("Disc"), disc)) }
        if let durationMilliseconds, durationMilliseconds > 0 { rows.append((localized("Duration"), Self.duration(milliseconds: durationMilliseconds))) }
        if let explicitness { rows.append((localized("Lyrics"), explicitness == .explicit ? localized("Explicit") : localized("Clean"))) }
        if let contentRating { rows.append((localized("Content Rating"), contentRating)) }
        if let userRating {
            let count = (userRatingCount ?? 0).formatted(.number.locale(locale))
            rows.append((localized("Rating"), String(format: localized("%1$@ (%2$@ ratings)"), Self.stars(userRating), count)))
        }
        if !platforms.isEmpty {
            let names = platforms.map { platform in
                switch platform {
                case .mac: localized("Mac App")
                case .iPhone: localized("iPhone App")
                case .iPad: localized("iPad App")
                }
            }
            rows.append((localized("Platform"), names.joined(separator: ", ")))
        }
        if let version {
            let date = versionDate.flatMap { ReleaseDateFormatter(locale: locale).string(for: $0) }
            rows.append((localized("Version"), date.map { String(format: localized("%1$@ (%2$@)"), version, $0) } ?? version))
        }
        if let fileSizeBytes, fileSizeBytes > 0 { rows.append((localized("Size"), fileSize(fileSizeBytes))) }
        if let seller { rows.append((localized("Seller"), seller)) }
        if let feedURL { rows.append((localized("Feed"), feedURL.absoluteString)) }
        return rows
    }
}
