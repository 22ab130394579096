/// What a result is, with the name StoreSearch shows for it.
public enum ResultKind: Hashable, Sendable {
    case song, app, ebook, audiobook, podcast, movie, musicVideo, tvEpisode, album, artist
    case other(String)

    /// Maps the API's `kind` (and, when it is missing, `wrapperType`).
    public init(kind: String?, wrapperType: String?) {
        switch kind?.lowercased() {
        case "song": self = .song
        case "software", "mac-software": self = .app
        case "ebook": self = .ebook
        case "podcast", "podcast-episode": self = .podcast
        case "feature-movie": self = .movie
        case "music-video": self = .musicVideo
        case "tv-episode": self = .tvEpisode
        case "audiobook": self = .audiobook
        case let other? where !other.isEmpty: self = .other(other)
        default:
            switch wrapperType?.lowercased() {
            case "audiobook": self = .audiobook
            case "collection": self = .album
            case "artist": self = .artist
            case nil: self = .ebook  // e-books are the records that come without wrapperType
            case let other?: self = .other(other)
            }
        }
    }

    public var displayName: String {
        switch self {
        case .song: localized("Song")
        case .app: localized("App")
        case .ebook: localized("E-Book")
        case .audiobook: localized("Audiobook")
        case .podcast: localized("Podcast")
        case .movie: localized("Movie")
        case .musicVideo: localized("Music Video")
        case .tvEpisode: localized("TV Episode")
        case .album: localized("Album")
        case .artist: localized("Artist")
        case .other(let raw):
            raw.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
    }
}
