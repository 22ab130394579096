import Foundation

/// Stored as one string: "song", "app", … and "other:RAW" for kinds StoreSearch has no name for.
extension ResultKind {
    static let named: [String: ResultKind] = [
        "song": .song, "app": .app, "ebook": .ebook, "audiobook": .audiobook, "podcast": .podcast, "movie": .movie,
        "musicVideo": .musicVideo, "tvEpisode": .tvEpisode, "album": .album, "artist": .artist,
    ]

    var storedName: String {
        if case .other(let raw) = self { return "other:\(raw)" }
        return Self.named.first { $0.value == self }!.key
    }

    /// Other tools' names for the kinds, as a script writing the file would spell them: the
    /// Search API's `kind` and `wrapperType` values, the names StoreSearch shows, any case, with or
    /// without `-`, `_` or spaces ("Song", "feature-movie", "Music Video", "collection").
    private static let spelledElsewhere: [String: ResultKind] = [
        "song": .song, "app": .app, "software": .app, "macsoftware": .app, "ebook": .ebook,
        "audiobook": .audiobook, "podcast": .podcast, "podcastepisode": .podcast, "movie": .movie,
        "featuremovie": .movie, "musicvideo": .musicVideo, "tvepisode": .tvEpisode, "album": .album,
        "collection": .album, "artist": .artist,
    ]

    /// The kind a stored name stands for; `other:` names one StoreSearch has no name for.
    init(storedName name: String) {
        if let kind = Self.named[name] {
            self = kind
        } else if name.hasPrefix("other:") {
            self = .other(String(name.dropFirst("other:".count)))
        } else {
            let folded = String(name.lowercased().unicodeScalars.filter { !"-_ ".unicodeScalars.contains($0) })
            self = Self.spelledElsewhere[folded] ?? .other(name)
        }
    }
}
