import CGtk
import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #33: `storesearch --refresh-prices` checks the kept items' prices with no window, prints
/// what changed, saves the history, and says by its exit status how it went; the export carries
/// the lowest price and (JSON) the history.
final class RefreshPricesCommandTests: XCTestCase {
    private static let executable = URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appending(path: "storesearch")

    private var folder: URL!
    private var paths: AppPaths {
        AppPaths(
            dataDirectory: folder.appending(path: "data/storesearch"),
            cacheDirectory: folder.appending(path: "cache/storesearch"))
    }

    override func setUpWithError() throws {
        folder = MainLoop.temporaryDirectory()
        try WindowPriceWatchTests.writeKeptItems(paths)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs the binary while this thread's main loop serves the local store; returns its status and output.
    @MainActor
    private static func run(_ arguments: [String], in folder: URL) throws -> (
        status: Int32, output: String, errors: String
    ) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = folder.appending(path: "data").path
        environment["XDG_CACHE_HOME"] = folder.appending(path: "cache").path
        environment["LC_ALL"] = "C"  // US English
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        XCTAssertTrue(MainContext.spin(until: { !process.isRunning }, timeout: .seconds(30)), "it ends by itself")
        process.waitUntilExit()
        return (
            process.terminationStatus,
            String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        )
    }

    func testPrintsWhatChangedSavesTheHistoryAndExportsIt() throws {
        let server = CountingServer()
        server.route("/lookup", WindowPriceWatchTests.busyOnceThenDropped())
        let base = try server.start()
        defer { server.stop() }
        let folder: URL = folder, paths = paths
        try MainActor.assumeIsolated {
            let first = try Self.run(["--refresh-prices", "--api-base", base.absoluteString], in: folder)
            XCTAssertEqual(first.status, 0, first.errors)
            XCTAssertEqual(
                first.output,
                "Kuzu Kuzu: $0.49, was $0.99\nLooked up: 2 items in 1 request. Prices changed: 1; cheaper: 1.\n")
            XCTAssertEqual(
                server.requestCount(path: "/lookup"), 2, "the store's Retry-After waited out, then asked once more")
            let saved = try ItemStoreFile(paths: paths).load().store
            XCTAssertEqual(saved.records["track:1440857788"]?.priceHistory.map(\.price), [0.99, 0.49])

            let again = try Self.run(["--refresh-prices", "--api-base", base.absoluteString], in: folder)
            XCTAssertEqual(again.status, 0)
            XCTAssertEqual(
                again.output, "Looked up: 2 items in 1 request. Prices changed: 0; cheaper: 0.\n", "nothing new")
            XCTAssertEqual(try ItemStoreFile(paths: paths).load().store, saved, "no entry for the same price")

            let json = folder.appending(path: "mine.json")
            XCTAssertEqual(try Self.run(["--export", json.path], in: folder).status, 0)
            let items = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]])
            let kuzu = try XCTUnwrap(items.first { $0["id"] as? String == "track:1440857788" })
            XCTAssertEqual(kuzu["lowestPrice"] as? Double, 0.49)
            let history = try XCTUnwrap(kuzu["priceHistory"] as? [[String: Any]])
            XCTAssertEqual(history.map { $0["price"] as? Double }, [0.99, 0.49])
            XCTAssertEqual(history.first?["date"] as? String, "2026-11-01T10:00:00Z")
            XCTAssertEqual(history.first?["currency"] as? String, "USD")
            let steady = try XCTUnwrap(items.first { $0["id"] as? String == "track:284882215" })
            XCTAssertEqual(steady["lowestPrice"] as? Double, 1.29)
            XCTAssertNil(steady["priceHistory"], "no change, no history")
        }
    }

    func testAStoreThatFailsExitsWith1AndLeavesTheFile() throws {
        let server = CountingServer()
        server.route("/lookup") { _ in
            LocalServerResponse(status: 500, contentType: "text/html", text: "<h1>Internal Server Error</h1>")
        }
        let base = try server.start()
        defer { server.stop() }
        let file = paths.dataDirectory.appending(path: "items.plist")
        let original = try Data(contentsOf: file)
        let folder: URL = folder
        try MainActor.assumeIsolated {
            let outcome = try Self.run(["--refresh-prices", "--api-base", base.absoluteString], in: folder)
            XCTAssertEqual(outcome.status, 1)
            XCTAssertTrue(outcome.errors.contains("Not every item could be looked up"), outcome.errors)
            XCTAssertEqual(server.requestCount(path: "/lookup"), 1, "no retry in a loop")
        }
        XCTAssertEqual(try Data(contentsOf: file), original, "left as it was")
    }

    /// Issue #46: on a damaged file it salvaged and wrote it back without a word, exit 0 (a record
    /// lost, and the window's next start said nothing); it leaves the file to the window.
    func testADamagedFileIsLeftForTheWindowToRecover() throws {
        let server = CountingServer()
        server.route("/lookup") { _ in WindowPriceWatchTests.lookupAnswer(kuzuKuzu: "0.49") }
        let base = try server.start()
        defer { server.stop() }
        let file = paths.dataDirectory.appending(path: "items.plist")
        let damaged = try Data(contentsOf: file).dropLast(40)
        try damaged.write(to: file)
        let folder: URL = folder, paths = paths
        try MainActor.assumeIsolated {
            let outcome = try Self.run(["--refresh-prices", "--api-base", base.absoluteString], in: folder)
            XCTAssertEqual(outcome.status, 1)
            XCTAssertTrue(outcome.errors.contains("open StoreSearch to recover your items"), outcome.errors)
            XCTAssertEqual(server.requestCount(path: "/lookup"), 0)
        }
        XCTAssertEqual(try Data(contentsOf: file), damaged, "left as it was")
        XCTAssertTrue(try ItemStoreFile(paths: paths).load().isDamaged, "the window's next start still says so")
    }

    /// Issue #45: with no store reachable it said "Looked up: 2 items in 1 requests" and advised
    /// searching the offline catalog; it says the store could not be reached and how many items
    /// were not looked up.
    func testAnUnreachableStoreIsSaidSoWithTheItemsNotLookedUp() throws {
        let server = CountingServer()
        let base = try server.start()
        server.stop()  // nothing listens there any more: the connection is refused
        let folder: URL = folder
        try MainActor.assumeIsolated {
            let outcome = try Self.run(["--refresh-prices", "--api-base", base.absoluteString], in: folder)
            XCTAssertEqual(outcome.status, 1)
            XCTAssertEqual(outcome.output, "", "nothing was looked up")
            XCTAssertTrue(outcome.errors.contains("The store could not be reached"), outcome.errors)
            XCTAssertTrue(outcome.errors.contains("Items not looked up: 2 of 2."), outcome.errors)
            XCTAssertFalse(outcome.errors.contains("offline catalog"), outcome.errors)
        }
    }

    /// A store answering one region and failing the next: what was answered is counted as looked
    /// up, the rest as not.
    func testAStoreFailingPartWayCountsWhatWasLookedUp() throws {
        try Self.addGermanItem(paths)
        let server = CountingServer()
        server.route("/lookup") { request in
            guard request.query["country"] == "US" else {
                let body = """
                    {"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":1,"trackName":"Dudu",\
                    "artistName":"Tarkan","trackPrice":1.29,"currency":"EUR"}]}
                    """
                return LocalServerResponse(body: Data(body.utf8))
            }
            return LocalServerResponse(status: 500, contentType: "text/html", text: "<h1>Internal Server Error</h1>")
        }
        let base = try server.start()
        defer { server.stop() }
        let folder: URL = folder
        try MainActor.assumeIsolated {
            let outcome = try Self.run(["--refresh-prices", "--api-base", base.absoluteString], in: folder)
            XCTAssertEqual(outcome.status, 1)
            XCTAssertEqual(
                outcome.output, "Looked up: 1 item in 1 request. Prices changed: 0; cheaper: 0.\n",
                "the German store's answer (asked first)")
            XCTAssertTrue(outcome.errors.contains("Not every item could be looked up"), outcome.errors)
            XCTAssertTrue(outcome.errors.contains("Items not looked up: 2 of 3."), outcome.errors)
        }
    }

    /// A kept item of the German store beside the two US ones.
    private static func addGermanItem(_ paths: AppPaths) throws {
        let file = paths.dataDirectory.appending(path: "items.plist")
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
            of: "</array>",
            with: """
                <dict><key>id</key><string>track:1</string><key>keptAt</key><date>2026-11-01T10:00:00Z</date>
                <key>changedAt</key><date>2026-11-01T10:00:00Z</date>
                <key>snapshot</key><dict><key>id</key><string>track:1</string><key>name</key><string>Dudu</string>
                <key>kind</key><string>song</string><key>price</key><string>1.29</string>
                <key>currency</key><string>EUR</string><key>storeRegion</key><string>DE</string></dict></dict>
                </array>
                """)
        try Data(text.utf8).write(to: file)
    }

    /// Another program holding the data folder's lock (here: this process, which owns no
    /// StoreSearch name on the bus) is waited for a while, then named as what holds the items;
    /// the command exits with 75, leaving the file alone.
    func testALockHeldByAnotherProgramIsSaidSo() throws {
        let lock = DataFolderLock(directory: paths.dataDirectory)
        XCTAssertEqual(lock.acquire(), .acquired)
        defer { lock.release() }
        let folder: URL = folder
        try MainActor.assumeIsolated {
            XCTAssertEqual(SessionBus.nameHasOwner(StoreSearchApp.applicationID), false, "no StoreSearch runs")
            let outcome = try Self.run(["--refresh-prices", "--api-base", "http://127.0.0.1:9"], in: folder)
            XCTAssertEqual(outcome.status, RefreshPricesCommand.busyStatus)
            XCTAssertTrue(outcome.errors.contains("Another program holds the lock on your items"), outcome.errors)
            XCTAssertFalse(outcome.errors.contains("StoreSearch is open"), outcome.errors)
        }
    }

    /// Issue #45: with StoreSearch open it waited 10 s for the lock before saying so. StoreSearch
    /// (here: this process, holding the lock and the app id on the session bus) is asked for on
    /// the bus at once.
    func testAnOpenStoreSearchIsSaidSoAtOnce() throws {
        let lock = DataFolderLock(directory: paths.dataDirectory)
        XCTAssertEqual(lock.acquire(), .acquired)
        defer { lock.release() }
        let folder: URL = folder
        try MainActor.assumeIsolated {
            let connection = try XCTUnwrap(g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil))
            defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
            var owner: BusNameOwner? = BusNameOwner(connection: connection, name: StoreSearchApp.applicationID)
            defer { owner = nil }
            XCTAssertTrue(
                MainContext.spin(until: { SessionBus.nameHasOwner(StoreSearchApp.applicationID) == true }))
            let started = Date()
            let outcome = try Self.run(["--refresh-prices", "--api-base", "http://127.0.0.1:9"], in: folder)
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, "not after waiting for the lock")
            XCTAssertEqual(outcome.status, RefreshPricesCommand.busyStatus)
            XCTAssertTrue(outcome.errors.contains("StoreSearch is open with your items"), outcome.errors)
            XCTAssertTrue(outcome.errors.contains("checks their prices itself"), outcome.errors)
            _ = owner
        }
    }
}
