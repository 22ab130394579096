import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchCore
import Synchronization
import XCTest
@testable import StoreSearchApp

/// Issue #43: the price watch with no window retries by itself: at once when the network comes
/// back, with back-off when the store fails. (GIO's network monitor cannot be switched off here:
/// the environment says there was no network at start, and the monitor's "network-changed" is
/// handed to the service as its handler would.)
final class PriceWatchServiceTests: XCTestCase {
    /// The environment over `server`'s store and the kept items in `paths`, read.
    @MainActor
    private static func environment(_ server: CountingServer, _ paths: AppPaths, isNetworkAvailable: Bool)
        -> AppEnvironment
    {
        _ = WindowHarness.application  // the main loop runs Swift's main-actor work from here on
        var options = LaunchOptions()
        options.apiBase = server.baseURL!
        let environment = AppEnvironment(
            options: options, paths: paths, resources: ResourceLocator.locate()!, locale: Locale(identifier: "en_US"),
            isNetworkAvailable: isNetworkAvailable)
        XCTAssertTrue(MainContext.spin(until: { environment.items.keeper.isLoaded }))
        return environment
    }

    /// A price watch given the environment's services (those `MainWindow.makePriceWatch` gives it).
    @MainActor
    private static func service(_ environment: AppEnvironment, firstRetry: Duration = PriceWatchService.firstRetry)
        -> PriceWatchService
    {
        PriceWatchService(
            application: WindowHarness.application, search: environment.search, items: environment.items,
            storeRegion: environment.storeRegion, offlineCatalog: environment.offlineCatalog,
            settings: environment.settings, locale: environment.locale,
            isNetworkAvailable: environment.isNetworkAvailable, firstRetry: firstRetry)
    }

    func testNoNetworkAtStartThenTheNetworkBackChecksOnce() throws {
        try WindowPriceWatchTests.withKeptItems(answering: { _ in WindowPriceWatchTests.lookupAnswer(kuzuKuzu: "0.49") }
        ) { server, paths in
            MainActor.assumeIsolated {
                let environment = Self.environment(server, paths, isNetworkAvailable: false)
                defer { environment.shutdown() }
                let service = Self.service(environment)
                defer { service.stop() }
                service.start()
                _ = MainContext.spin(until: { server.requestCount(path: "/lookup") > 0 }, timeout: .milliseconds(500))
                XCTAssertEqual(server.requestCount(path: "/lookup"), 0, "no network: no lookup")
                XCTAssertTrue(service.isOwed)
                XCTAssertTrue(service.watch.isStarted, "the 6-hour timer runs")

                service.networkChanged(available: false)
                service.networkChanged(available: true)
                XCTAssertTrue(
                    MainContext.spin(until: { server.requestCount(path: "/lookup") == 1 && !service.watch.isChecking }))
                XCTAssertFalse(service.isOwed)
                XCTAssertEqual(
                    environment.items.keeper.store.records["track:1440857788"]?.snapshot?.price, Decimal(string: "0.49")
                )
                // GIO tells of every route that comes and goes: a check done is not done again.
                service.networkChanged(available: true)
                _ = MainContext.spin(until: { server.requestCount(path: "/lookup") > 1 }, timeout: .milliseconds(500))
                XCTAssertEqual(server.requestCount(path: "/lookup"), 1, "checked once")
                XCTAssertEqual(service.networkRetries, 1)
            }
        }
    }

    func testAFailedCheckIsTriedAgainWithBackOff() throws {
        let count = Mutex(0)
        try WindowPriceWatchTests.withKeptItems(answering: { _ in
            count.withLock {
                $0 += 1; return $0
            } > 2
                ? WindowPriceWatchTests.lookupAnswer(kuzuKuzu: "0.49")
                : LocalServerResponse(status: 500, contentType: "text/plain", text: "down")
        }) { server, paths in
            MainActor.assumeIsolated {
                let environment = Self.environment(server, paths, isNetworkAvailable: true)
                defer { environment.shutdown() }
                let service = Self.service(environment, firstRetry: .milliseconds(200))
                defer { service.stop() }
                var checked: [[String: PriceChange]] = []
                service.watch.checked.subscribe { checked.append($0) }
                let started = ContinuousClock.now
                service.start()
                XCTAssertTrue(
                    MainContext.spin(until: { checked.count == 1 }, timeout: .seconds(10)),
                    "tried again until it worked")
                let waited = ContinuousClock.now - started
                XCTAssertEqual(server.requestCount(path: "/lookup"), 3)
                XCTAssertGreaterThanOrEqual(waited, .milliseconds(600), "0.2 s, then 0.4 s")
                XCTAssertEqual(checked.first?.keys.sorted(), ["track:1440857788"])
                XCTAssertFalse(service.isOwed)
            }
        }
    }
}
