import Foundation
import Gtk
import GtkTesting
import XCTest
@testable import HTTP
import HTTPTesting

final class LocalServerTests: XCTestCase {
    /// `stop` joins the serving thread (no polling): when it returns the port is closed, even
    /// with a request left unanswered, and the server can be dropped at once.
    func testStopJoinsTheServingThread() throws {
        let server = CountingServer()
        server.route("/hang") { _ in .neverAnswering() }
        let base = try server.start()
        try MainActor.assumeIsolated {
            MainLoopBridge.install()
            let client = HTTPClient()
            var outcome: Result<HTTPResponse, HTTPError>?
            Task { @MainActor in
                do throws(HTTPError) { outcome = .success(try await client.get(base.appending(path: "hang"))) } catch {
                    outcome = .failure(error)
                }
            }
            XCTAssertTrue(MainContext.spin(until: { server.requestCount == 1 }, timeout: .seconds(10)))
            server.stop()
            XCTAssertTrue(
                MainContext.spin(until: { outcome != nil }, timeout: .seconds(10)), "the hanging request ends")
            if case .success = outcome { XCTFail("no answer was sent") }
            var refused: Result<HTTPResponse, HTTPError>?
            Task { @MainActor in
                do throws(HTTPError) { refused = .success(try await client.get(base.appending(path: "hang"))) } catch {
                    refused = .failure(error)
                }
            }
            XCTAssertTrue(MainContext.spin(until: { refused != nil }, timeout: .seconds(10)))
            XCTAssertEqual(try? refused?.get().status, nil, "nobody listens any more")
        }
        server.stop()  // a second stop is harmless
    }
}
