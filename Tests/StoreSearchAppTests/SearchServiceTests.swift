import Foundation
import Gtk
import GtkTesting
import Synchronization
import HTTP
import HTTPTesting
import StoreSearchCore
import TestSupport
import XCTest
@testable import StoreSearchApp

final class SearchServiceTests: XCTestCase {
    private static let body = """


        {"resultCount":2,"results":[
        {"wrapperType":"track","kind":"song","trackId":2,"trackName":"Kuzu Kuzu","artistName":"Tarkan","trackPrice":1.29,"currency":"USD"},
        {"wrapperType":"track","kind":"song","trackId":1,"trackName":"Şımarık","artistName":"Tarkan","trackPrice":0.99,"currency":"USD"}]}
        """

    /// A server whose answer depends on the term: "slow" waits, "status-N" answers N, others as named.
    private static func makeServer() throws -> CountingServer {
        let server = CountingServer()
        server.route("/search") { request in
            let term = request.query["term"] ?? ""
            switch term {
            case "slow": return LocalServerResponse(body: Data(body.utf8), delay: .seconds(2))
            case "html":
                return LocalServerResponse(
                    status: 200, contentType: "text/html", text: "<html><body>Oops</body></html>")
            case "truncated": return LocalServerResponse(body: Data(body.utf8.prefix(60)))
            case "empty": return LocalServerResponse(body: Data())
            case "silent": return .neverAnswering()
            case "huge": return LocalServerResponse(body: Data(repeating: 0x20, count: 6 << 20))
            case let status where status.hasPrefix("status-"):
                return LocalServerResponse(status: Int(status.dropFirst(7))!, body: Data())
            default: return LocalServerResponse(body: Data(body.utf8))
            }
        }
        try server.start()
        return server
    }

    @MainActor
    private static func service(_ server: CountingServer, timeout: Int = 15) -> SearchService {
        SearchService(
            baseURL: server.baseURL!,
            client: HTTPClient(configuration: HTTPClientConfiguration(timeoutSeconds: timeout)))
    }

    func testSuccessDecodesAndSorts() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let service = Self.service(server)
            let results = try MainLoop.run { try await service.search(SearchQuery(term: "tarkan")) }
            XCTAssertEqual(results.map(\.name), ["Kuzu Kuzu", "Şımarık"])
        }
    }

    func testLookupAsksForTheIDsInTheRecordsStoreAndRemembersTheRegion() throws {
        let server = CountingServer()
        let asked = Mutex<[String: String]>([:])
        server.route("/lookup") { request in
            asked.withLock { $0 = request.query }
            return LocalServerResponse(body: Data(Self.body.utf8))
        }
        try server.start()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let service = Self.service(server)
            let query = try XCTUnwrap(LookupQuery(ids: ["2", "1", "url:x"], country: "DE"))
            let results = try MainLoop.run { try await service.lookup(query) }
            XCTAssertEqual(asked.withLock { $0["id"] }, "2,1")
            XCTAssertEqual(asked.withLock { $0["country"] }, "DE")
            XCTAssertEqual(Set(results.map(\.id)), ["track:1", "track:2"])
            XCTAssertEqual(Set(results.compactMap(\.storeRegion)), ["DE"])
        }
    }

    func testLookupDuringRetryAfterFailsAtOnceWithoutARequest() throws {
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            connection.writeHead(status: 503, headers: ["Retry-After": "600"], contentLength: 0)
        }
        let base = try server.start()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let service = SearchService(baseURL: base, client: HTTPClient())
            XCTAssertNotNil(Self.outcome(service, "busy").error as? SearchFailure)
            let query = try XCTUnwrap(LookupQuery(ids: ["1"], country: "US"))
            XCTAssertThrowsError(try MainLoop.run { try await service.lookup(query) }) { error in
                guard case .retryLater? = error as? SearchFailure else { return XCTFail("\(error)") }
            }
            XCTAssertEqual(server.requestCount, 1, "the lookup sent nothing the store would refuse")
        }
    }

    /// Issue #44: a chart's feed is under the same Retry-After as searches and lookups (one policy):
    /// a busy chart holds the next search back, and a chart asked meanwhile sends nothing.
    func testAChartsRetryAfterHoldsSearchesBackAndTheReverse() throws {
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            connection.writeHead(status: 503, headers: ["Retry-After": "600"], contentLength: 0)
        }
        let base = try server.start()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let service = SearchService(baseURL: base, client: HTTPClient())
            let chart = Chart(feed: .topsongs, country: "US")
            XCTAssertThrowsError(try MainLoop.run { try await service.chartEntries(chart) }) { error in
                guard case .retryLater(503, _, _)? = error as? SearchFailure else { return XCTFail("\(error)") }
            }
            guard case .retryLater? = Self.outcome(service, "after the chart").error as? SearchFailure else {
                return XCTFail("the search was not held back")
            }
            XCTAssertThrowsError(try MainLoop.run { try await service.chartEntries(chart) }) { error in
                guard case .retryLater? = error as? SearchFailure else { return XCTFail("\(error)") }
            }
            XCTAssertEqual(server.requestCount, 1, "nothing sent that the store would refuse")
        }
    }

    /// Issue #22: a redirect loop and a body nested too deep each say what happened, not "cut off".
    func testARedirectLoopAndDeepNestingEachSayWhatHappened() throws {
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            if connection.target.contains("term=loop") {
                connection.writeHead(status: 302, headers: ["Location": connection.target], contentLength: 0)
            } else {
                let body = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
                connection.writeHead(headers: ["Content-Type": "application/json"], contentLength: body.utf8.count)
                connection.write(body)
            }
        }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let service = SearchService(baseURL: base, client: HTTPClient())
            let loop = Self.outcome(service, "loop").error as? SearchFailure
            XCTAssertEqual(loop, .redirectLoop)
            XCTAssertEqual(loop?.title, "The Store’s Address Redirects in a Loop")
            let deep = Self.outcome(service, "deep").error as? SearchFailure
            XCTAssertEqual(
                deep?.message,
                "The store’s answer could not be read (it was malformed: nested far deeper than search results are).")
        }
    }

    /// Issue #35: a search is superseded only by its own caller (which cancels its task): the
    /// Shell's search provider searching while the window's slow search is under way leaves the
    /// window's search to finish (it was cancelled, and the window's spinner turned for ever).
    func testOneCallersSearchNeverCancelsAnothers() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        MainActor.assumeIsolated {
            MainLoopBridge.install()
            let service = Self.service(server)
            var delivered: [String] = []
            Task { @MainActor in
                do { _ = try await service.search(SearchQuery(term: "slow")); delivered.append("slow") } catch {
                    delivered.append("\(error)")
                }
            }
            XCTAssertTrue(MainContext.spin(until: { server.requestCount(path: "/search") == 1 }))
            Task { @MainActor in
                do { _ = try await service.search(SearchQuery(term: "fast")); delivered.append("fast") } catch {
                    delivered.append("\(error)")
                }
            }
            XCTAssertTrue(MainContext.spin(until: { delivered.count == 2 }, timeout: .seconds(10)))
            XCTAssertEqual(delivered, ["fast", "slow"])
        }
    }

    func testIdenticalQueryIsAnsweredFromMemory() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let service = Self.service(server)
            _ = try MainLoop.run { try await service.search(SearchQuery(term: "tarkan")) }
            _ = try MainLoop.run { try await service.search(SearchQuery(term: "tarkan")) }
            XCTAssertEqual(server.requestCount(path: "/search"), 1)
            _ = try MainLoop.run { try await service.search(SearchQuery(term: "tarkan"), now: Date() + 11 * 60) }
            XCTAssertEqual(server.requestCount(path: "/search"), 2, "the cache expires after ten minutes")
        }
    }

    func testEveryFailureGivesItsError() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let service = Self.service(server, timeout: 1)
            @MainActor func failure(_ term: String) -> SearchFailure? {
                do {
                    _ = try MainLoop.run { try await service.search(SearchQuery(term: term)) }
                    return nil
                } catch {
                    return error as? SearchFailure
                }
            }
            XCTAssertEqual(failure("status-403"), .throttled)
            XCTAssertEqual(failure("status-429"), .throttled)
            XCTAssertEqual(
                failure("status-403")?.message, "The iTunes Store is limiting searches. Try again in a minute.")
            XCTAssertEqual(failure("status-500"), .serverProblem(status: 500))
            XCTAssertEqual(failure("html"), .unreadable(detail: "it was a web page, not search results"))
            XCTAssertEqual(failure("truncated"), .unreadable(detail: "it was cut off or damaged"))
            XCTAssertEqual(failure("empty"), .unreadable(detail: "it was empty"))
            XCTAssertEqual(failure("silent"), .timedOut)
            XCTAssertEqual(failure("huge"), .unreadable(detail: "it was too large"))
        }
    }

    func testUnreachableStoreSaysSoAndSignalsIt() throws {
        let server = try Self.makeServer()
        let base = server.baseURL!
        server.stop()  // nothing listens there any more
        MainActor.assumeIsolated {
            let service = SearchService(baseURL: base, client: HTTPClient())
            var signalled = 0
            service.unreachable.subscribe { signalled += 1 }
            var failure: SearchFailure?
            do {
                _ = try MainLoop.run { try await service.search(SearchQuery(term: "tarkan")) }
            } catch {
                failure = error as? SearchFailure
            }
            XCTAssertEqual(failure?.isUnreachable, true, String(describing: failure))
            XCTAssertEqual(failure?.message, "Check your network connection, or search the offline catalog instead.")
            XCTAssertEqual(signalled, 1, "the window hears that the store cannot be reached")
        }
    }

    // MARK: Issue #14 (hostile servers) and #11 (cancellation, cache)

    @MainActor
    private static func outcome(_ service: SearchService, _ term: String) -> Result<[SearchResult], any Error> {
        Result { try MainLoop.run { try await service.search(SearchQuery(term: term)) } }
    }

    /// Problem 7: a server sending a byte every 200 ms never trips the per-read timeout.
    func testADrippingServerEndsAtTheSearchDeadline() throws {
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            connection.writeHead(contentLength: 1000)
            for _ in 0..<1000 {
                guard connection.write(" ") else { return }
                usleep(200_000)
            }
        }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let service = SearchService(baseURL: base, client: HTTPClient(), deadline: .seconds(1))
            let failure = Self.outcome(service, "drip").error as? SearchFailure
            XCTAssertEqual(failure, .timedOut)
            XCTAssertEqual(failure?.title, "The iTunes Store Is Not Answering")
        }
    }

    /// Problem 8: a cut connection is not "can't reach the store".
    func testACutConnectionGetsItsOwnFailureWithoutTheOfflineOffer() throws {
        let body = Self.body
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            connection.writeHead(contentLength: 100_000)
            connection.write(String(body.prefix(80)))
            connection.close()
        }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let service = SearchService(baseURL: base, client: HTTPClient())
            var unreachable = 0
            service.unreachable.subscribe { unreachable += 1 }
            let failure = Self.outcome(service, "cut").error as? SearchFailure
            XCTAssertEqual(failure, .cutOff)
            XCTAssertEqual(failure?.title, "The Store’s Answer Was Cut Off")
            XCTAssertEqual(unreachable, 0, "the offline catalog is not offered: the store was reached")
        }
    }

    /// Problem 10: Retry-After is said, and a search before then waits for it.
    func testRetryAfterIsSaidAndASearchBeforeThenWaitsForIt() throws {
        let body = Self.body
        let requests = Counter()
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            if requests.increment() == 1 {
                connection.writeHead(status: 429, headers: ["Retry-After": "2"], contentLength: 0)
            } else {
                connection.writeHead(headers: ["Content-Type": "application/json"], contentLength: body.utf8.count)
                connection.write(body)
            }
        }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let service = SearchService(baseURL: base, client: HTTPClient())
            let failure = Self.outcome(service, "first").error as? SearchFailure
            guard case .retryLater(429, _, 2)? = failure else { return XCTFail("\(String(describing: failure))") }
            XCTAssertEqual(
                failure?.message, "The iTunes Store asked to wait before searching again. Try again in 2 seconds.")
            XCTAssertEqual(failure?.isUnreachable, false)

            var results: [SearchResult]?
            Task { @MainActor in results = try? await service.search(SearchQuery(term: "retry")) }
            MainContext.spin(until: { false }, timeout: .milliseconds(500))
            XCTAssertEqual(server.requestCount, 1, "nothing is sent before the store's time")
            XCTAssertTrue(MainContext.spin(until: { results != nil }, timeout: .seconds(10)))
            XCTAssertEqual(results?.count, 2, "then the search goes through")
            XCTAssertEqual(server.requestCount, 2)
        }
    }

    func testALongRetryAfterAnswersAtOnceWithTheSameFailure() throws {
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            connection.writeHead(status: 503, headers: ["Retry-After": "600"], contentLength: 0)
        }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let service = SearchService(baseURL: base, client: HTTPClient())
            let first = Self.outcome(service, "first").error as? SearchFailure
            XCTAssertEqual(first?.title, "The iTunes Store Is Busy")
            XCTAssertEqual(
                first?.message, "The iTunes Store asked to wait before searching again. Try again in 10 minutes.")
            let second = Self.outcome(service, "second").error as? SearchFailure
            guard case .retryLater(503, _, let seconds)? = second else {
                return XCTFail("\(String(describing: second))")
            }
            XCTAssertGreaterThan(seconds, 590)
            XCTAssertEqual(server.requestCount, 1, "no request the store would refuse")
        }
    }

    /// Issue #11: cancelling the search's task closes its connection; no failure comes back.
    func testCancellingTheSearchTaskClosesTheConnectionOnTheServer() throws {
        let closed = Counter()
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            if connection.waitForClientClose(timeout: .seconds(15)) { _ = closed.increment() }
        }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            MainLoopBridge.install()
            let service = SearchService(baseURL: base, client: HTTPClient())
            var outcome: Result<[SearchResult], any Error>?
            let task = Task { @MainActor in
                do { outcome = .success(try await service.search(SearchQuery(term: "tarkan"))) } catch {
                    outcome = .failure(error)
                }
            }
            XCTAssertTrue(MainContext.spin(until: { server.requestCount == 1 }))
            task.cancel()
            XCTAssertTrue(
                MainContext.spin(until: { closed.value == 1 }, timeout: .seconds(10)),
                "the server saw the connection close")
            XCTAssertTrue(MainContext.spin(until: { outcome != nil }))
            XCTAssertTrue(outcome?.error is CancellationError, "no failure to show: \(String(describing: outcome))")
        }
    }

    func testTheCacheKeepsTheThirtyTwoMostRecentQueries() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let service = Self.service(server)
            for index in 0..<33 { _ = try MainLoop.run { try await service.search(SearchQuery(term: "q\(index)")) } }
            _ = try MainLoop.run { try await service.search(SearchQuery(term: "q32")) }
            XCTAssertEqual(server.requestCount(path: "/search"), 33, "a recent query is answered from memory")
            _ = try MainLoop.run { try await service.search(SearchQuery(term: "q0")) }
            XCTAssertEqual(server.requestCount(path: "/search"), 34, "the least recently used one was dropped")
        }
    }

    func testAtMostTheRequestedNumberOfResultsIsKept() throws {
        let server = CountingServer()
        server.route("/search") { _ in
            let records = (0..<1000).map { #"{"kind":"song","trackId":\#($0),"trackName":"Song \#($0)"}"# }.joined(
                separator: ",")
            return LocalServerResponse(body: Data("{\"resultCount\":1000,\"results\":[\(records)]}".utf8))
        }
        try server.start()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let service = Self.service(server)
            XCTAssertEqual(
                try MainLoop.run { try await service.search(SearchQuery(term: "many", limit: 50)) }.count, 50)
        }
    }
}

/// A count shared between a server thread and the test.
final class Counter: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var count = 0
    func increment() -> Int {
        lock.withLock {
            count += 1; return count
        }
    }
    var value: Int { lock.withLock { count } }
}

extension Result {
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
