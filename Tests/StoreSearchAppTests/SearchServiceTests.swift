import Foundation
import Gtk
import HTTP
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

final class SearchServiceTests: XCTestCase {
    private static let body = """


        {"resultCount":2,"results":[
        {"wrapperType":"track","kind":"song","trackId":2,"trackName":"Kuzu Kuzu","artistName":"Tarkan","trackPrice":1.29,"currency":"USD"},
        {"wrapperType":"track","kind":"song","trackId":1,"trackName":"Şımarık","artistName":"Tarkan","trackPrice":0.99,"currency":"USD"}]}
        """

    /// A server whose answer depends on the term: "slow" waits, "status-N" answers N, others as named.
    private static func makeServer() throws -> LocalServer {
        let server = LocalServer()
        server.route("/search") { request in
            let term = request.query["term"] ?? ""
            switch term {
            case "slow": return LocalServerResponse(body: Data(body.utf8), delay: .seconds(2))
            case "html": return LocalServerResponse(status: 200, contentType: "text/html", text: "<html><body>Oops</body></html>")
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
    private static func service(_ server: LocalServer, timeout: Int = 15) -> SearchService {
        SearchService(baseURL: server.baseURL!, client: HTTPClient(configuration: HTTPClientConfiguration(timeoutSeconds: timeout)))
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

    func testSlowFirstSearchIsReplacedByFastSecond() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        MainActor.assumeIsolated {
            MainLoopBridge.install()
            let service = Self.service(server)
            var delivered: [String] = []
            var first: (any Error)?
            Task { @MainActor in
                do { _ = try await service.search(SearchQuery(term: "slow")); delivered.append("slow") } catch { first = error }
            }
            XCTAssertTrue(MainContext.spin(until: { server.requestCount(path: "/search") == 1 }))
            Task { @MainActor in
                if (try? await service.search(SearchQuery(term: "fast"))) != nil { delivered.append("fast") }
            }
            XCTAssertTrue(MainContext.spin(until: { first != nil && !delivered.isEmpty }, timeout: .seconds(10)))
            XCTAssertEqual(delivered, ["fast"])
            XCTAssertTrue(first is CancellationError, "the stale search is never delivered: \(String(describing: first))")
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
            XCTAssertEqual(failure("status-403")?.message, "The iTunes Store is limiting searches. Try again in a minute.")
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
            service.onUnreachable = { signalled += 1 }
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
}
