/// What the user searches in, in the order the category drop-down lists them (its only list).
public enum Category: String, CaseIterable, Sendable {
    case all, music, software, ebooks, movies, podcasts, audiobooks

    /// The iTunes `entity` parameter; `nil` searches everything.
    public var entity: String? {
        switch self {
        case .all: nil
        case .music: "musicTrack"
        case .software: "software"
        case .ebooks: "ebook"
        case .movies: "movie"
        case .podcasts: "podcast"
        case .audiobooks: "audiobook"
        }
    }

    /// The name in the user's language.
    public var displayName: String {
        switch self {
        case .all: localized("All")
        case .music: localized("Music")
        case .software: localized("Software")
        case .ebooks: localized("E-books")
        case .movies: localized("Movies")
        case .podcasts: localized("Podcasts")
        case .audiobooks: localized("Audiobooks")
        }
    }

    /// Matches a display name or raw value, ignoring case and punctuation ("e-books", "ebooks").
    public init?(name: String) {
        let wanted = name.lowercased().filter(\.isLetter)
        guard
            let match = Self.allCases.first(where: {
                $0.rawValue == wanted || $0.displayName.lowercased().filter(\.isLetter) == wanted
            })
        else { return nil }
        self = match
    }
}
