import Foundation
import Gtk
import GtkTesting
import XCTest
@testable import HTTP
import HTTPTesting

final class HTTPClientTests: XCTestCase {
    private static func makeServer() throws -> CountingServer {
        let server = CountingServer()
        server.route("/hello") { _ in LocalServerResponse(text: "hello, world") }
        server.route("/missing") { _ in LocalServerResponse(status: 404, text: "Not here") }
        server.route("/huge") { request in
            var response = LocalServerResponse(body: Data(repeating: 0x41, count: 3 << 20))
            response.chunked = request.query["chunked"] == "1"
            return response
        }
        server.route("/silent") { _ in .neverAnswering() }
        server.route("/slow") { _ in LocalServerResponse(text: "late", delay: .seconds(5)) }
        try server.start()
        return server
    }

    /// Runs `body` as a main-actor task and spins the GLib main loop until it finishes.
    @MainActor
    private static func run<T>(_ body: @escaping @MainActor () async throws -> T) throws -> T {
        MainLoopBridge.install()
        var outcome: Result<T, any Error>?
        Task { @MainActor in
            do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        }
        XCTAssertTrue(MainContext.spin(until: { outcome != nil }, timeout: .seconds(20)), "request never finished")
        return try outcome!.get()
    }

    @MainActor
    private static func expectError(
        _ expected: HTTPError, _ body: @escaping @MainActor () async throws -> HTTPResponse,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let response = try Self.run(body)
            XCTFail("expected \(expected), got status \(response.status)", file: file, line: line)
        } catch let error as HTTPError {
            XCTAssertEqual(error, expected, file: file, line: line)
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
        }
    }

    func testSuccessCarriesStatusHeadersAndBody() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let url = server.baseURL!.appending(path: "hello")
        try MainActor.assumeIsolated {
            let client = HTTPClient()
            let response = try Self.run { try await client.get(url) }
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(String(decoding: response.body, as: UTF8.self), "hello, world")
            XCTAssertEqual(response.headers["content-type"], "text/plain")
            XCTAssertEqual(response.headers["content-length"], "12")
        }
    }

    func testNotFoundIsSurfacedWithItsCode() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let url = server.baseURL!.appending(path: "missing")
        MainActor.assumeIsolated {
            let client = HTTPClient()
            Self.expectError(.status(404)) { try await client.get(url) }
        }
    }

    func testBodyOverTheCapFailsWithTheSizeError() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let url = server.baseURL!.appending(path: "huge")
        MainActor.assumeIsolated {
            let client = HTTPClient(configuration: HTTPClientConfiguration(maxBodyBytes: 1 << 20))
            Self.expectError(.bodyTooLarge(limit: 1 << 20)) { try await client.get(url) }
        }
    }

    func testChunkedBodyOverTheCapStopsReadingAtTheCap() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let url = URL(string: server.baseURL!.absoluteString + "/huge?chunked=1")!
        MainActor.assumeIsolated {
            let client = HTTPClient(configuration: HTTPClientConfiguration(maxBodyBytes: 256 << 10))
            Self.expectError(.bodyTooLarge(limit: 256 << 10)) { try await client.get(url) }
        }
    }

    func testServerThatNeverAnswersTimesOutWithinTheConfiguredTime() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let url = server.baseURL!.appending(path: "silent")
        MainActor.assumeIsolated {
            let client = HTTPClient(configuration: HTTPClientConfiguration(timeoutSeconds: 1))
            let started = ContinuousClock.now
            Self.expectError(.timedOut) { try await client.get(url) }
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(5))
        }
    }

    func testCancellingTheTaskYieldsCancelledPromptly() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let url = server.baseURL!.appending(path: "slow")
        MainActor.assumeIsolated {
            MainLoopBridge.install()
            let client = HTTPClient()
            var outcome: Result<HTTPResponse, HTTPError>?
            let task = Task { @MainActor in
                do throws(HTTPError) { outcome = .success(try await client.get(url)) } catch {
                    outcome = .failure(error)
                }
            }
            XCTAssertTrue(MainContext.spin(until: { server.requestCount(path: "/slow") == 1 }))
            let cancelledAt = ContinuousClock.now
            task.cancel()
            XCTAssertTrue(MainContext.spin(until: { outcome != nil }, timeout: .seconds(4)))
            XCTAssertLessThan(ContinuousClock.now - cancelledAt, .seconds(1))
            guard case .failure(.cancelled) = outcome else {
                return XCTFail("expected cancelled, got \(String(describing: outcome))")
            }
        }
    }

    func testClosedPortYieldsConnectionRefused() throws {
        // A port that was just listening and is now closed: nothing answers there.
        let server = try Self.makeServer()
        let url = server.baseURL!.appending(path: "hello")
        server.stop()
        MainActor.assumeIsolated {
            let client = HTTPClient()
            Self.expectError(.connectionRefused) { try await client.get(url) }
        }
    }

    func testNonHTTPURLIsRefused() {
        MainActor.assumeIsolated {
            let client = HTTPClient()
            Self.expectError(.invalidURL("file:///etc/passwd")) {
                try await client.get(URL(string: "file:///etc/passwd")!)
            }
        }
    }
}
