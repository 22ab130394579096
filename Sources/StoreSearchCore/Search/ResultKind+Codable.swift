import Foundation

/// Stored as one string: "song", "app", … and "other:RAW" for kinds StoreSearch has no name for.
extension ResultKind: Decodable {
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

    public init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self.init(storedName: name)
            return
        }
        // Format 1: `{song: {}}` or `{other: {_0: "raw"}}`.
        let container = try decoder.container(keyedBy: LegacyKey.self)
        guard let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "empty kind"))
        }
        if key.stringValue == "other" {
            self = .other(try container.nestedContainer(keyedBy: LegacyKey.self, forKey: key).decode(String.self, forKey: LegacyKey("_0")))
        } else {
            self = Self.named[key.stringValue] ?? .other(key.stringValue)
        }
    }

    private struct LegacyKey: CodingKey {
        let stringValue: String
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
