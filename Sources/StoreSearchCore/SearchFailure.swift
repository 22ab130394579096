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

    public var title: String {
        switch self {
        case .unreachable: "Can’t Reach the iTunes Store"
        case .throttled: "Too Many Searches"
        case .serverProblem, .unexpectedStatus: "The iTunes Store Had a Problem"
        case .timedOut: "The iTunes Store Is Not Answering"
        case .cutOff: "The Store’s Answer Was Cut Off"
        case .retryLater(let status, _, _): status == 429 ? "Too Many Searches" : "The iTunes Store Is Busy"
        case .unreadable, .service: "Unreadable Answer"
        }
    }

    public var message: String {
        switch self {
        case .unreachable: "Check your network connection, or search the offline catalog instead."
        case .throttled: "The iTunes Store is limiting searches. Try again in a minute."
        case .serverProblem(let status): "The store answered with an error (HTTP \(status)). Try again later."
        case .unexpectedStatus(let status): "The store answered with HTTP \(status)."
        case .timedOut: "The search took too long. Try again."
        case .cutOff: "The connection closed before the whole answer arrived. Try again."
        case .retryLater(_, _, let seconds): "The iTunes Store asked to wait before searching again. Try again in \(Self.duration(seconds))."
        case .unreadable(let detail): "The store’s answer could not be read (\(detail))."
        case .service(let text): "The store said: \(text)"
        }
    }

    public var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }

    public init(_ error: SearchResponseError) {
        switch error {
        case .emptyBody: self = .unreadable(detail: "it was empty")
        case .notJSON: self = .unreadable(detail: "it was a web page, not search results")
        case .malformedJSON: self = .unreadable(detail: "it was cut off or damaged")
        case .unexpectedShape: self = .unreadable(detail: "it had no results")
        case .serviceMessage(let message): self = .service(message)
        case .cancelled: self = .unreadable(detail: "the search was cancelled")  // callers turn this into CancellationError first
        }
    }

    /// "45 seconds", "1 minute", "3 minutes", "2 hours".
    static func duration(_ seconds: Int) -> String {
        func plural(_ count: Int, _ unit: String) -> String { count == 1 ? "1 \(unit)" : "\(count) \(unit)s" }
        if seconds < 60 { return plural(max(seconds, 1), "second") }
        if seconds < 3600 { return plural((seconds + 59) / 60, "minute") }
        return plural((seconds + 3599) / 3600, "hour")
    }
}
