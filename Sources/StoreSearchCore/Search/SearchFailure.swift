import Foundation

/// A failed search, in words for the user.
public enum SearchFailure: Error, Equatable, Sendable {
    /// No network, DNS failure, refused connection: the store cannot be reached.
    case unreachable(detail: String)
    /// HTTP 403 or 429: the store limits searches (about 20 a minute).
    case throttled
    /// HTTP 5xx.
    case serverProblem(status: Int)
    /// Some other HTTP status.
    case unexpectedStatus(Int)
    /// No complete answer within the search's deadline (a server dripping bytes, or silent).
    case timedOut
    /// The connection closed in the middle of the answer: the store was reached, so this is not
    /// a network problem and the offline catalog is not offered.
    case cutOff
    /// HTTP 429 or 503 with `Retry-After`: the store said when to come back.
    case retryLater(status: Int, after: Date, waitSeconds: Int)
    /// HTML, empty, truncated, too large or otherwise unreadable answers.
    case unreadable(detail: String)
    /// The service's own error message.
    case service(String)
    /// The store's address redirects in a loop (a misconfigured server or proxy).
    case redirectLoop
    /// A link typed, pasted or given on the command line that is no store page (why, in words).
    case linkRefused(String)
    /// A store page link whose item the store no longer has.
    case linkNotFound

    public var title: String {
        switch self {
        case .unreachable: localized("Can’t Reach the iTunes Store")
        case .throttled: localized("Too Many Searches")
        case .serverProblem, .unexpectedStatus: localized("The iTunes Store Had a Problem")
        case .timedOut: localized("The iTunes Store Is Not Answering")
        case .unreadable, .service: localized("Unreadable Answer")
        case .cutOff: localized("The Store’s Answer Was Cut Off")
        case .redirectLoop: localized("The Store’s Address Redirects in a Loop")
        case .linkRefused: localized("This Link Cannot Be Opened")
        case .linkNotFound: localized("Item Not Found")
        case .retryLater(let status, _, _):
            status == 429 ? localized("Too Many Searches") : localized("The iTunes Store Is Busy")
        }
    }

    public var message: String {
        switch self {
        case .unreachable: localized("Check your network connection, or search the offline catalog instead.")
        case .throttled: localized("The iTunes Store is limiting searches. Try again in a minute.")
        case .serverProblem(let status):
            String(format: localized("The store answered with an error (HTTP %ld). Try again later."), status)
        case .unexpectedStatus(let status): String(format: localized("The store answered with HTTP %ld."), status)
        case .timedOut: localized("The search took too long. Try again.")
        case .unreadable(let detail): String(format: localized("The store’s answer could not be read (%@)."), detail)
        case .service(let text): String(format: localized("The store said: %@"), text)
        case .cutOff: localized("The connection closed before the whole answer arrived. Try again.")
        case .redirectLoop:
            localized(
                "The server kept sending StoreSearch from one address to another and never answered. Try again later.")
        case .linkRefused(let reason): reason
        case .linkNotFound: localized("The store has no item for this link any more, or not in this store region.")
        case .retryLater(_, _, let seconds):
            String(
                format: localized("The iTunes Store asked to wait before searching again. Try again in %@."),
                Self.duration(seconds))
        }
    }

    public var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }

    /// Whether the same again can go otherwise: not for a link that is refused or names nothing.
    public var isWorthRetrying: Bool {
        switch self {
        case .linkRefused, .linkNotFound: false
        default: true
        }
    }

    public init(_ error: SearchResponseError) {
        switch error {
        case .emptyBody: self = .unreadable(detail: localized("it was empty"))
        case .notJSON: self = .unreadable(detail: localized("it was a web page, not search results"))
        case .notText: self = .unreadable(detail: localized("it was not an answer of the store but other data"))
        case .malformedJSON: self = .unreadable(detail: localized("it was cut off or damaged"))
        case .nestedTooDeep:
            self = .unreadable(detail: localized("it was malformed: nested far deeper than search results are"))
        case .unexpectedShape: self = .unreadable(detail: localized("it had no results"))
        case .serviceMessage(let message): self = .service(message)
        // callers turn this into CancellationError first
        case .cancelled: self = .unreadable(detail: localized("the search was cancelled"))
        }
    }

    /// "45 seconds", "1 minute", "3 minutes", "2 hours".
    /// What the busy page says while the store's wait runs, `remaining` counting down as m:ss.
    public static func waitMessage(term: String, remaining seconds: Int) -> String {
        let clock = String(format: "%d:%02d", max(seconds, 0) / 60, max(seconds, 0) % 60)
        return String(
            format: localized(
                "The iTunes Store asked to wait before searching again. StoreSearch will search for “%1$@” by itself in %2$@."
            ), term, clock)
    }

    static func duration(_ seconds: Int) -> String {
        if seconds < 60 {
            let count = max(seconds, 1)
            return String(format: localizedPlural("%ld second", "%ld seconds", count), count)
        }
        if seconds < 3600 {
            let count = (seconds + 59) / 60
            return String(format: localizedPlural("%ld minute", "%ld minutes", count), count)
        }
        let count = (seconds + 3599) / 3600
        return String(format: localizedPlural("%ld hour", "%ld hours", count), count)
    }
}
