import Foundation
import Gtk
import GtkTesting
import XCTest
import TestSupport
@testable import HTTP

/// Issue #14 problems 7 and 8 and issue #11's cancellation, against a raw socket server that
/// drips, cuts and watches the connection.
final class HTTPHostileServerTests: XCTestCase {
    @MainActor
    private static func outcome(_ body: @escaping @MainActor () async throws(HTTPError) -> HTTPResponse) -> Result<
        HTTPResponse, HTTPError
    >? {
        MainLoopBridge.install()
        var outcome: Result<HTTPResponse, HTTPError>?
        Task { @MainActor in
            do throws(HTTPError) { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        }
        XCTAssertTrue(MainContext.spin(until: { outcome != nil }, timeout: .seconds(20)), "request never finished")
        return outcome
    }

    /// Sends the head at once, then one body byte every 200 ms: each read is quick, so only a
    /// deadline for the whole request ends it.
    private static func drippingServer() throws -> ScriptedServer {
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            connection.writeHead(contentLength: 1000)
            for _ in 0..<1000 {
                guard connection.write("x") else { return }
                usleep(200_000)
            }
        }
        try server.start()
        return server
    }

    func testAWholeRequestDeadlineEndsADrip() throws {
        let server = try Self.drippingServer()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let client = HTTPClient(configuration: HTTPClientConfiguration(timeoutSeconds: 5))
            let start = ContinuousClock.now
            let result = Self.outcome { () throws(HTTPError) in
                try await client.get(server.baseURL!, deadline: .seconds(1))
            }
            XCTAssertEqual(result.map { $0.mapError { $0 }.map(\.status) }, .failure(.timedOut))
            XCTAssertLessThan(ContinuousClock.now - start, .seconds(10), "not the 200 s the drip would take")
        }
    }

    func testAConnectionCutMidAnswerIsCutOffNotUnreachable() throws {
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            connection.writeHead(contentLength: 5000)
            connection.write(String(repeating: "{", count: 100))
            connection.close()
        }
        try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let client = HTTPClient()
            let result = Self.outcome { () throws(HTTPError) in try await client.get(server.baseURL!) }
            guard case .failure(let error)? = result else {
                return XCTFail("expected a failure, got \(String(describing: result))")
            }
            XCTAssertEqual(error, .cutOff)
            XCTAssertFalse(error.isUnreachable)
        }
    }

    func testCancellingTheTaskClosesTheConnectionOnTheServer() throws {
        let closed = Flag()
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            connection.writeHead(contentLength: 100)  // …and never the body
            if connection.waitForClientClose(timeout: .seconds(15)) { closed.set() }
        }
        try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            MainLoopBridge.install()
            let client = HTTPClient()
            var outcome: Result<HTTPResponse, HTTPError>?
            let task = Task { @MainActor in
                do throws(HTTPError) { outcome = .success(try await client.get(server.baseURL!)) } catch {
                    outcome = .failure(error)
                }
            }
            XCTAssertTrue(MainContext.spin(until: { server.requestCount == 1 }))
            task.cancel()
            XCTAssertTrue(MainContext.spin(until: { outcome != nil }, timeout: .seconds(5)))
            XCTAssertEqual(outcome.map { $0.map(\.status) }, .failure(.cancelled))
            XCTAssertTrue(
                MainContext.spin(until: { closed.isSet }, timeout: .seconds(10)), "the server saw the connection close")
        }
    }

    func testAnyStatusResponseKeepsItsHeaders() throws {
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            connection.writeHead(status: 429, headers: ["Retry-After": "120"], contentLength: 0)
        }
        try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let client = HTTPClient()
            let result = Self.outcome { () throws(HTTPError) in try await client.response(for: server.baseURL!) }
            guard case .success(let response)? = result else { return XCTFail("\(String(describing: result))") }
            XCTAssertEqual(response.status, 429)
            XCTAssertEqual(response.headers["retry-after"], "120")
            let thrown = Self.outcome { () throws(HTTPError) in try await client.get(server.baseURL!) }
            XCTAssertEqual(thrown.map { $0.map(\.status) }, .failure(.status(429)))
        }
    }

    /// Issue #22: 1 MB on the wire that inflates to 1 GB is refused as soon as the inflated bytes
    /// pass the cap, and memory stays flat.
    func testAGzipBombIsRefusedAsSoonAsItPassesTheCap() throws {
        let bomb = try Data(
            contentsOf: XCTUnwrap(Bundle.module.url(forResource: "Fixtures/gzip-bomb-1g", withExtension: "gz")))
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            connection.writeHead(
                headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], contentLength: bomb.count)
            connection.write(bomb)
        }
        try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let client = HTTPClient()
            let residentBefore = Self.residentMegabytes()
            let start = ContinuousClock.now
            let result = Self.outcome { () throws(HTTPError) in try await client.get(server.baseURL!) }
            let elapsed = ContinuousClock.now - start
            guard case .failure(let error)? = result else {
                return XCTFail("expected a refusal, got \(String(describing: result))")
            }
            XCTAssertEqual(error, .bodyTooLarge(limit: HTTPClientConfiguration().maxBodyBytes))
            print("gzip bomb (1 GB from \(bomb.count / 1024) KB) refused in \(elapsed)")
            XCTAssertLessThan(Self.residentMegabytes() - residentBefore, 64, "memory stays flat")
            // Nothing goes on inflating the rest behind the refusal (libsoup drains a body it may reuse the connection for).
            let cpuBefore = clock()
            _ = MainContext.spin(until: { false }, timeout: .seconds(2))
            let cpu = Double(clock() - cpuBefore) / Double(CLOCKS_PER_SEC)
            print("gzip bomb: \(cpu) s of CPU in the 2 s after the refusal")
            XCTAssertLessThan(cpu, 0.5)
        }
    }

    private static func residentMegabytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }
}
