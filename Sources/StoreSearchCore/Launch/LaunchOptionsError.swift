/// A command line that cannot be used; `message` is printed, before the usage when `showsUsage`.
public enum LaunchOptionsError: Error, Equatable, Sendable {
    case unknownOption(String)
    case missingValue(String)
    case unknownCategory(String)
    case invalidURL(String)
    case unknownCountry(String)
    /// An argument that is no option: the store link it would be, and why it cannot be opened.
    case notAStoreLink(String, reason: String)
    /// A link to a store page that is no item's (a store's front page, a genre): the link is
    /// fine, it just names nothing to open.
    case storeLinkNamingNoItem(String)

    public var message: String {
        switch self {
        case .unknownOption(let option): String(format: localized("Unknown option %@"), option)
        case .missingValue(let option): String(format: localized("%@ needs a value"), option)
        case .unknownCategory(let name): String(format: localized("Unknown category “%@”"), name)
        case .invalidURL(let text): String(format: localized("Not an http or https URL: %@"), text)
        case .notAStoreLink(let link, let reason):
            String(format: localized("“%@” is not a store link."), Self.shortened(link)) + " " + reason
        case .storeLinkNamingNoItem(let link):
            String(
                format: localized("“%@” is a store link, but it names no item: link to a song, album, app or book."),
                Self.shortened(link))
        case .unknownCountry(let text):
            String(format: localized("Unknown store region “%@” (use a two-letter code such as DE)"), text)
        }
    }

    /// Whether the options' list helps: not for a link, which one line explains (the whole
    /// `--help` buried it, issue #30).
    public var showsUsage: Bool {
        switch self {
        case .notAStoreLink, .storeLinkNamingNoItem: false
        default: true
        }
    }

    /// The link on one line, and not a screenful (a pasted page can be any length).
    private static func shortened(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 100 || line != text ? String(line.prefix(100)) + "…" : line
    }
}
