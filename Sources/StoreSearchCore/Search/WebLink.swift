import Foundation

/// The only links StoreSearch opens or fetches: absolute `http` and `https` URLs with a host.
/// Everything the store's answers name passes through here; `file:`, `javascript:`, `ssh:`,
/// `smb:` and the like would otherwise reach the desktop's handlers for them.
public enum WebLink {
    /// Why a link was refused, in words for a tooltip.
    public enum Refusal: Error, Hashable, Sendable {
        case notAWebLink(scheme: String)
        case malformed

        public var message: String {
            switch self {
            case .notAWebLink(let scheme):
                String(
                    format: localized("The store gave a “%@:” link, not a web link, so StoreSearch does not open it."),
                    scheme)
            case .malformed:
                localized("The store gave a link that is not a valid web address, so StoreSearch does not open it.")
            }
        }
    }

    /// `text` as a web URL, or why it is not one.
    public static func check(_ text: String) -> Result<URL, Refusal> {
        guard let url = URL(string: text) else { return .failure(.malformed) }
        return check(url)
    }

    public static func check(_ url: URL) -> Result<URL, Refusal> {
        guard let scheme = url.scheme?.lowercased() else { return .failure(.malformed) }
        guard scheme == "http" || scheme == "https" else {
            // Only the scheme's letters go into the message: the rest is the store's text.
            return .failure(
                .notAWebLink(
                    scheme: String(
                        scheme.prefix(20).filter { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }))
            )
        }
        guard let host = url.host, !host.isEmpty else { return .failure(.malformed) }
        return .success(url)
    }

    /// `text` as the item file keeps a link: the text of the web link it is, or nil.
    public static func text(_ text: String) -> String? { web(URL(string: text))?.absoluteString }

    /// A link another writer wrote, kept as written when it is a web link: `URL` would write a
    /// stray `%` back as `%25`, and `(` or a space encoded, where the writer meant its own text.
    public static func written(_ text: String) -> String? { Self.text(text) == nil ? nil : text }

    /// `url` if it is a web link, else nil.
    public static func web(_ url: URL?) -> URL? {
        guard let url, case .success(let checked) = check(url) else { return nil }
        return checked
    }
}
