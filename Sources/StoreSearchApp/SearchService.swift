import Foundation
import HTTP
import StoreSearchCore

/// Searches an iTunes-compatible server. A new search supersedes the one in flight, identical
/// queries within ten minutes are answered from memory (the store allows ~20 calls a minute),
/// and failures come back as `SearchFailure`s a user can read.
@MainActor
public final class SearchService {
    public static let cacheLifetime: TimeInterval = 10 * 60

    public var baseURL: URL
    private let client: HTTPClient
    private var cache: [URL: (date: Date, results: [SearchResult])] = [:]
    private var current: Task<[SearchResult], any Error>?
    private var generation = 0

    /// Called when a search fails because the store cannot be reached.
    public var onUnreachable: (() -> Void)?

    public init(baseURL: URL, client: HTTPClient) {
        self.baseURL = baseURL
        self.client = client
    }

    /// Results for `query`, sorted by name. Throws `SearchFailure`, or `CancellationError` when a
    /// newer search replaced this one (its results are never delivered).
    public func search(_ query: SearchQuery, now: Date = Date()) async throws -> [SearchResult] {
        current?.cancel()
        generation += 1
        let myGeneration = generation
        let url = query.url(base: baseURL)
        if let cached = cache[url], now.timeIntervalSince(cached.date) < Self.cacheLifetime {
            return cached.results
        }
        let task = Task { @MainActor [client] in
            let response: HTTPResponse
            do throws(HTTPError) {
                response = try await client.get(url)
            } catch {
                throw Self.failure(for: error)
            }
            do {
                return try await Self.decode(response.body)
            } catch let error as SearchResponseError {
                throw SearchFailure(error)
            }
        }
        current = task
        do {
            let results = try await task.value
            guard myGeneration == generation, !Task.isCancelled else { throw CancellationError() }
            cache[url] = (now, results)
            return results
        } catch let failure as SearchFailure {
            guard myGeneration == generation else { throw CancellationError() }
            if failure.isUnreachable { onUnreachable?() }
            throw failure
        }
    }

    /// Decoding runs off the main thread.
    nonisolated private static func decode(_ body: Data) async throws -> [SearchResult] {
        try SearchResponseDecoder.decode(body)
    }

    nonisolated static func failure(for error: HTTPError) -> any Error {
        switch error {
        case .cancelled: return CancellationError()
        case .status(403), .status(429): return SearchFailure.throttled
        case .status(let code) where code >= 500: return SearchFailure.serverProblem(status: code)
        case .status(let code): return SearchFailure.unexpectedStatus(code)
        case .timedOut: return SearchFailure.timedOut
        case .bodyTooLarge: return SearchFailure.unreadable(detail: localized("it was too large"))
        case .protocolError: return SearchFailure.unreadable(detail: localized("it was cut off or damaged"))
        case let error where error.isUnreachable: return SearchFailure.unreachable(detail: error.description)
        case .tlsFailed(let detail): return SearchFailure.unreachable(detail: detail)
        default: return SearchFailure.unreachable(detail: error.description)
        }
    }
}
