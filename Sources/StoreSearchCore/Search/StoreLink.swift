import Foundation

/// A link to an item's page in the store (music.apple.com, apps.apple.com, books.apple.com,
/// podcasts.apple.com, itunes.apple.com): the item's id and the store region it names. Only
/// http(s) links of those hosts are accepted; nothing else is ever opened or handed on.
public struct StoreLink: Hashable, Sendable {
    public static let hosts: Set<String> = [
        "music.apple.com", "apps.apple.com", "books.apple.com", "podcasts.apple.com", "itunes.apple.com",
    ]

    /// The store id: `?i=` (a track in an album), else `id123`, else the last number in the path.
    public var id: String
    /// "US" from `/us/…`; nil when the link names none.
    public var region: String?

    public enum Refusal: Error, Equatable, Sendable {
        case notAStoreLink
        case noItem

        public var message: String {
            switch self {
            case .notAStoreLink:
                localized(
                    "Only links to pages of the iTunes Store or Apple’s music, app, book and podcast stores can be opened."
                )
            case .noItem: localized("The link names no item of the store.")
            }
        }
    }

    public static func parse(_ text: String) -> Result<StoreLink, Refusal> {
        guard text.count <= 4096,
            let components = URLComponents(string: text.trimmingCharacters(in: .whitespacesAndNewlines)),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host?.lowercased(), hosts.contains(host)
        else { return .failure(.notAStoreLink) }
        let parts = components.path.split(separator: "/").map(String.init)
        let region = parts.first.flatMap { $0.count == 2 && $0.allSatisfy(\.isLetter) ? $0.uppercased() : nil }
        func numeric(_ value: String) -> String? {
            !value.isEmpty && value.count <= 20 && value.allSatisfy({ $0.isASCII && $0.isNumber }) ? value : nil
        }
        if let track = components.queryItems?.first(where: { $0.name == "i" })?.value.flatMap(numeric) {
            return .success(StoreLink(id: track, region: region))
        }
        for part in parts.reversed() {
            if part.hasPrefix("id"), let id = numeric(String(part.dropFirst(2))) {
                return .success(StoreLink(id: id, region: region))
            }
            if let id = numeric(part) { return .success(StoreLink(id: id, region: region)) }
        }
        return .failure(.noItem)
    }

    /// The record among a lookup's `results` that this link names: the store may list others first
    /// (an album before the track a `?i=` link names, an artist's albums). Nil when none has the link's id.
    public func item(in results: [SearchResult]) -> SearchResult? {
        results.first { LookupQuery.storeID(ofItem: $0.id) == id }
    }

    /// Whether `text` looks like a link at all (a pasted or dropped one), to tell it from a search term.
    public static func looksLikeLink(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return trimmed.hasPrefix("http://") || trimmed.hasPrefix("https://") || trimmed.hasPrefix("file:")
            || trimmed.hasPrefix("itms")
    }
}

// In an extension: the memberwise initializer stays.
extension StoreLink {
    /// The link to the item whose id (a `SearchResult`'s) is `itemID`: "track:123",
    /// "collection:123" and "artist:123" name store id 123 in the current store region; "url:LINK"
    /// names what its link does. Nil for any other id.
    public init?(itemID: String) {
        if let id = LookupQuery.storeID(ofItem: itemID) {
            self.init(id: id, region: nil)
        } else if itemID.hasPrefix("url:"), case .success(let link) = StoreLink.parse(String(itemID.dropFirst(4))) {
            self = link
        } else {
            return nil
        }
    }
}
