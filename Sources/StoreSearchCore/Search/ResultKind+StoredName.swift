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

    /// The kind a stored name stands for.
    init(storedName name: String) {
        if name.hasPrefix("other:") {
            self = .other(String(name.dropFirst("other:".count)))
        } else if let kind = Self.named[name] {
            self = kind
        } else {
            self = .other(name)
        }
    }
}
