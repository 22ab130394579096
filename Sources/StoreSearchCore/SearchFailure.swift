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
    case timedOut
    /// HTML, empty, truncated, too large or otherwise unreadable answers.
    case unreadable(detail: String)
    /// The service's own error message.
    case service(String)

    public var title: String {
        switch self {
        case .unreachable: localized("Can’t Reach the iTunes Store")
        case .throttled: localized("Too Many Searches")
        case .serverProblem, .unexpectedStatus: localized("The iTunes Store Had a Problem")
        case .timedOut: localized("The iTunes Store Is Not Answering")
        case .unreadable, .service: localized("Unreadable Answer")
        }
    }

    public var message: String {
        switch self {
        case .unreachable: localized("Check your network connection, or search the offline catalog instead.")
        case .throttled: localized("The iTunes Store is limiting searches. Try again in a minute.")
        case .serverProblem(let status): String(format: localized("The store answered with an error (HTTP %ld). Try again later."), status)
        case .unexpectedStatus(let status): String(format: localized("The store answered with HTTP %ld."), status)
        case .timedOut: localized("The search took too long. Try again.")
        case .unreadable(let detail): String(format: localized("The store’s answer could not be read (%@)."), detail)
        case .service(let text): String(format: localized("The store said: %@"), text)
        }
    }

    public var isUnreachable: Bool {
        if case .unreachable = self { return true }
        return false
    }

    public init(_ error: SearchResponseError) {
        switch error {
        case .emptyBody: self = .unreadable(detail: localized("it was empty"))
        case .notJSON: self = .unreadable(detail: localized("it was a web page, not search results"))
        case .malformedJSON: self = .unreadable(detail: localized("it was cut off or damaged"))
        case .unexpectedShape: self = .unreadable(detail: localized("it had no results"))
        case .serviceMessage(let message): self = .service(message)
        }
    }
}
