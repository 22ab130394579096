/// The kind as data files name it, the same in every language: "song", "music-video", … and the
/// store's own word for kinds StoreSearch has no name for.
extension ResultKind {
    public var dataName: String {
        switch self {
        case .song: "song"
        case .app: "app"
        case .ebook: "ebook"
        case .audiobook: "audiobook"
        case .podcast: "podcast"
        case .movie: "movie"
        case .musicVideo: "music-video"
        case .tvEpisode: "tv-episode"
        case .album: "album"
        case .artist: "artist"
        case .other(let raw): raw
        }
    }
}
