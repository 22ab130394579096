import Foundation
import HTTP
import StoreSearchCore

/// Searches an iTunes-compatible server. The last 32 queries are answered from memory for ten
/// minutes (the store allows ~20 calls a minute), and failures come back as `SearchFailure`s a
/// user can read.
///
/// Cancelling the task that awaits `search` cancels the request's GCancellable, so libsoup
/// closes the connection and the decode stops; the caller gets `CancellationError`, never a
/// failure to show. So each caller makes its newer search supersede its older by cancelling that
/// one's task (the window's `SearchController`, the Shell's `SearchProvider`); one caller's search
/// never cancels another's. A whole search has a deadline (`deadline`, 30 s), whatever the server drips.
///
/// When the store answers 429 or 503 with `Retry-After`, the failure says when to try again.
/// A search before then waits for that moment (cancellably, with the spinner up) when it is at
/// most `longestRetryWait` away, so Retry just works; a longer wait is answered at once with the
/// same failure rather than a spinner for minutes, and no request is sent that the store would
/// refuse anyway.
@MainActor
public final class SearchService {
    public static let cacheLifetime: TimeInterval = 10 * 60
    public static let cacheCapacity = 32

    /// Where searches go; another store (the offline catalog) owes nothing to the old one's Retry-After.
    public var baseURL: URL { didSet { retryAfter = nil } }
    private let client: HTTPClient
    /// The longest a whole search may take, from request to the last byte.
    public let deadline: Duration
    public let longestRetryWait: TimeInterval
    private var cache = SearchCache(capacity: SearchService.cacheCapacity, lifetime: SearchService.cacheLifetime)
    /// The store asked not to be searched before this date.
    private var retryAfter: (date: Date, status: Int)?

    /// A search failed because the store cannot be reached.
    let unreachable = Event<Void>()

    public init(
        baseURL: URL, client: HTTPClient, deadline: Duration = .seconds(30), longestRetryWait: TimeInterval = 60
    ) {
        self.baseURL = baseURL
        self.client = client
        self.deadline = deadline
        self.longestRetryWait = longestRetryWait
    }

    /// Results for `query`, in the store's order. Throws `SearchFailure`, or `CancellationError`
    /// when the calling task was cancelled (its results are never delivered).
    public func search(_ query: SearchQuery, now: Date = Date()) async throws -> [SearchResult] {
        let url = query.url(base: baseURL)
        if let cached = cache.results(for: url, now: now) {
            return cached
        }
        if let (date, status) = retryAfter {
            let wait = date.timeIntervalSince(now)
            if wait > longestRetryWait {
                throw SearchFailure.retryLater(status: status, after: date, waitSeconds: Int(wait.rounded(.up)))
            }
            if wait > 0 { try await Task.sleep(for: .milliseconds(Int(wait * 1000))) }
            retryAfter = nil
        }
        do {
            let results = try await fetch(url, limit: query.limit, region: query.country, now: now)
            try Task.checkCancellation()
            cache.insert(results, for: url, now: now)
            return results
        } catch let failure as SearchFailure {
            try Task.checkCancellation()
            noteRetryAfter(failure)
            if failure.isUnreachable { unreachable.send() }
            throw failure
        }
    }

    /// Answers from memory that hold any of `ids` are asked of the store again (see `SearchCache`).
    public func forgetAnswers(holding ids: Set<String>) { cache.forget(answersHolding: ids) }

    /// The records the store still has for `query`'s ids, for refreshing what the user keeps. It
    /// runs beside searches (neither cancels the other), is answered from the same cache, and
    /// while the store's Retry-After is in force it fails at once with `.retryLater` instead of
    /// waiting, so a background caller tries again later. Throws `SearchFailure` or
    /// `CancellationError`. `fresh`: asked of the store even when the cache has an answer (a
    /// price check).
    public func lookup(_ query: LookupQuery, fresh: Bool = false, now: Date = Date()) async throws -> [SearchResult] {
        let url = query.url(base: baseURL)
        if !fresh, let cached = cache.results(for: url, now: now) { return cached }
        try refuseWhileAskedToWait(now: now)
        do {
            let results = try await fetch(url, limit: LookupQuery.maximumIDs, region: query.country, now: now)
            cache.insert(results, for: url, now: now)
            return results
        } catch let failure as SearchFailure {
            noteRetryAfter(failure)
            throw failure
        }
    }

    /// The entries of `chart`'s feed, in the chart's order (the Explore page's `ChartService`
    /// caches them with their records). Charts are on the store's host: they honour its
    /// Retry-After as a lookup does (failing at once while it is in force), and one that answers
    /// with Retry-After holds searches back too. Throws `SearchFailure` or `CancellationError`.
    public func chartEntries(_ chart: Chart, now: Date = Date()) async throws -> [ChartEntry] {
        try refuseWhileAskedToWait(now: now)
        do {
            let body = try await fetchBody(chart.url(base: baseURL), now: now)
            return try await Self.decodeChart(body, limit: chart.limit)
        } catch let failure as SearchFailure {
            noteRetryAfter(failure)
            throw failure
        }
    }

    /// A request that cannot wait (a lookup, a chart) fails at once while the store's Retry-After
    /// is in force, with the failure that says how long is left.
    private func refuseWhileAskedToWait(now: Date) throws(SearchFailure) {
        guard let (date, status) = retryAfter, date > now else { return }
        throw SearchFailure.retryLater(
            status: status, after: date, waitSeconds: max(1, Int(date.timeIntervalSince(now).rounded(.up))))
    }

    /// The store asked every request to wait (429 or 503 with Retry-After).
    private func noteRetryAfter(_ failure: SearchFailure) {
        if case .retryLater(let status, let date, _) = failure { retryAfter = (date, status) }
    }

    /// One request with the deadline, its status mapped to a failure, the body decoded.
    private func fetch(_ url: URL, limit: Int, region: String, now: Date) async throws -> [SearchResult] {
        try await Self.decode(try await fetchBody(url, now: now), limit: limit, region: region)
    }

    /// One request with the deadline, its status mapped to a failure: the body.
    private func fetchBody(_ url: URL, now: Date) async throws -> Data {
        let response: HTTPResponse
        do throws(HTTPError) {
            response = try await client.response(for: url, deadline: deadline)
        } catch {
            throw Self.failure(for: error)
        }
        if let failure = Self.failure(status: response.status, headers: response.headers, now: now) { throw failure }
        return response.body
    }

    /// A chart's feed, decoded off the main thread.
    nonisolated private static func decodeChart(_ body: Data, limit: Int) async throws -> [ChartEntry] {
        do {
            return try ChartFeedDecoder.decode(body, limit: limit)
        } catch .cancelled {
            throw CancellationError()
        } catch {
            throw SearchFailure(error)
        }
    }

    /// Decoding runs off the main thread and stops when the search is cancelled. Each result
    /// remembers the store region it came from.
    nonisolated private static func decode(_ body: Data, limit: Int, region: String) async throws -> [SearchResult] {
        do {
            return try SearchResponseDecoder.decode(body, limit: limit).map { result in
                var result = result
                result.storeRegion = region
                return result
            }
        } catch .cancelled {
            throw CancellationError()
        } catch {
            throw SearchFailure(error)
        }
    }

    /// The failure a non-2xx answer means, or nil for success.
    nonisolated static func failure(status: Int, headers: [String: String], now: Date) -> SearchFailure? {
        switch status {
        case 200..<300: return nil
        case 429, 503:
            if let date = RetryAfter.date(from: headers["retry-after"], now: now) {
                return .retryLater(
                    status: status, after: date, waitSeconds: max(1, Int(date.timeIntervalSince(now).rounded(.up))))
            }
            return status == 429 ? .throttled : .serverProblem(status: status)
        case 403: return .throttled
        case 500...: return .serverProblem(status: status)
        default: return .unexpectedStatus(status)
        }
    }

    nonisolated static func failure(for error: HTTPError) -> any Error {
        switch error {
        case .cancelled: return CancellationError()
        case .status(let code):
            return failure(status: code, headers: [:], now: Date()) ?? SearchFailure.unexpectedStatus(code)
        case .timedOut: return SearchFailure.timedOut
        case .cutOff: return SearchFailure.cutOff
        case .redirectLoop: return SearchFailure.redirectLoop
        case .bodyTooLarge: return SearchFailure.unreadable(detail: localized("it was too large"))
        case .protocolError: return SearchFailure.unreadable(detail: localized("it was cut off or damaged"))
        case let error where error.isUnreachable: return SearchFailure.unreachable(detail: error.description)
        case .tlsFailed(let detail): return SearchFailure.unreachable(detail: detail)
        default: return SearchFailure.unreachable(detail: error.description)
        }
    }
}
