import Foundation
import Gtk
import GtkTesting
import HTTP
import StoreSearchCore
import TestSupport
import Synchronization
import XCTest
@testable import StoreSearchApp

/// Issue #22: a busy store's Retry-After counts down on the page, Retry waits with it, a new term
/// says its own wait, and the last search runs by itself when the time has come.
final class WindowBusyStoreTests: XCTestCase {
    private static let body = """
        {"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":1,"trackName":"Kuzu Kuzu","artistName":"Tarkan"}]}
        """

    /// A store that answers 503 with `retryAfter` until `busy` is set false.
    private func checkCountdown(retryAfter: @escaping @Sendable () -> String) throws {
        let busy = Mutex(true)
        let targets = Mutex<[String]>([])
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            targets.withLock { $0.append(connection.target) }
            if busy.withLock({ $0 }) {
                connection.writeHead(status: 503, headers: ["Retry-After": retryAfter()], contentLength: 0)
            } else {
                connection.writeHead(headers: ["Content-Type": "application/json"], contentLength: Self.body.utf8.count)
                connection.write(Self.body)
            }
        }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            harness.search("tarkan")
            XCTAssertEqual(harness.main.visiblePage, .error)
            XCTAssertEqual(harness.main.errorText.title, "The iTunes Store Is Busy")
            let first = harness.main.errorText.message
            XCTAssertTrue(first.contains("“tarkan”"), first)
            XCTAssertTrue((110...122).contains(Self.secondsLeft(in: first) ?? 0), "about two minutes left: \(first)")
            XCTAssertFalse(harness.main.retryButton.isSensitive, "Retry waits for the store")
            XCTAssertTrue(
                MainContext.spin(until: { harness.main.errorText.message != first }, timeout: .seconds(4)),
                "it counts down")
            XCTAssertEqual(server.requestCount, 1)

            harness.search("sezen")  // a new term meanwhile: its own wait, no request the store would refuse
            XCTAssertTrue(harness.main.errorText.message.contains("“sezen”"), harness.main.errorText.message)
            XCTAssertFalse(harness.main.retryButton.isSensitive)
            XCTAssertEqual(server.requestCount, 1)

            busy.withLock { $0 = false }
            let later = Date().addingTimeInterval(125)
            harness.main.search.now = { later }  // the wait is over
            XCTAssertTrue(
                MainContext.spin(until: { harness.main.visiblePage == .results }, timeout: .seconds(5)),
                "the last search ran by itself")
            XCTAssertEqual(server.requestCount, 2)
            XCTAssertTrue(targets.withLock { $0.last?.contains("term=sezen") ?? false }, "\(targets.withLock { $0 })")
            XCTAssertTrue(harness.main.retryButton.isSensitive)
        }
    }

    /// The m:ss the page counts down, in seconds.
    private static func secondsLeft(in message: String) -> Int? {
        guard let match = message.firstMatch(of: /(\d+):(\d\d)/), let minutes = Int(match.1), let seconds = Int(match.2)
        else { return nil }
        return minutes * 60 + seconds
    }

    func testRetryAfterInSecondsCountsDownAndSearchesByItself() throws {
        try checkCountdown { "120" }
    }

    func testRetryAfterAsAnHTTPDateCountsDownAndSearchesByItself() throws {
        try checkCountdown {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            return formatter.string(from: Date().addingTimeInterval(120.5))
        }
    }
}
