import Foundation
import StoreSearchCore
import TestSupport
import XCTest
@testable import StoreSearchApp

/// Two real `storesearch` processes, as a user double-clicking the launcher makes them.
final class SingleInstanceTests: XCTestCase {
    /// The app built beside the test bundle.
    private static let executable = URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appending(path: "storesearch")

    private var folder: URL!
    private var paths: AppPaths!

    override func setUpWithError() throws {
        folder = MainLoop.temporaryDirectory()
        paths = AppPaths(
            dataDirectory: folder.appending(path: "data/storesearch"),
            cacheDirectory: folder.appending(path: "cache/storesearch"))
        var store = ItemStore()
        store.setEdits(
            ItemEdits(notes: "made before the second launch"), for: SearchResult(id: "42", name: "Earlier", kind: .song)
        )
        try ItemStoreFile(paths: paths).save(store)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func launch(_ arguments: [String], bus: String) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = folder.appending(path: "data").path
        environment["XDG_CACHE_HOME"] = folder.appending(path: "cache").path
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus
        environment["GTK_A11Y"] = "none"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        return (process, errors)
    }

    private func waitForExit(_ process: Process, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return !process.isRunning
    }

    private func wait(until condition: () -> Bool, within seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() && Date() < deadline { usleep(50_000) }
        return condition()
    }

    private func savedNotes() throws -> String? {
        try ItemStoreFile(paths: paths).load().store.records["42"]?.edits.notes
    }

    func testSecondLaunchHandsItsSearchToTheFirstAndExits() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let address = bus.address
        XCTAssertFalse(address.isEmpty)

        let (first, _) = try launch(["--api-base", base.absoluteString, "--search", "warmup"], bus: address)
        defer { if first.isRunning { first.terminate() } }
        XCTAssertTrue(
            wait(until: { catalog.searchRequests.contains { $0.query["term"] == "warmup" } }),
            "the first window searched")

        let (second, secondErrors) = try launch(
            ["--search", "tarkan", "--category", "Music", "--offline"], bus: address)
        XCTAssertTrue(waitForExit(second, within: 5), "the second launch exits at once")
        if second.isRunning { second.terminate() }
        XCTAssertEqual(second.terminationStatus, 0)
        let told = String(decoding: secondErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(told.contains("--offline"), "start-only options are reported: \(told)")

        XCTAssertTrue(
            wait(until: {
                catalog.searchRequests.contains { $0.query["term"] == "tarkan" && $0.query["entity"] == "musicTrack" }
            }),
            "the first window runs the second launch's search")
        XCTAssertTrue(first.isRunning, "one process is left")

        first.terminate()  // SIGTERM, as a logout sends
        XCTAssertTrue(waitForExit(first, within: 10))
        XCTAssertEqual(first.terminationStatus, 0)
        XCTAssertEqual(try savedNotes(), "made before the second launch")
    }

    func testWithoutASessionBusTheSecondProcessIsReadOnly() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        let noBus = "unix:path=\(folder.appending(path: "no-bus").path)"

        let (first, _) = try launch(["--api-base", base.absoluteString, "--search", "first"], bus: noBus)
        defer { if first.isRunning { first.terminate() } }
        XCTAssertTrue(wait(until: { catalog.searchRequests.contains { $0.query["term"] == "first" } }))

        let (second, secondErrors) = try launch(["--api-base", base.absoluteString, "--search", "second"], bus: noBus)
        defer { if second.isRunning { second.terminate() } }
        XCTAssertTrue(
            wait(until: { catalog.searchRequests.contains { $0.query["term"] == "second" } }),
            "without a bus the second process runs on its own")
        second.terminate()
        XCTAssertTrue(waitForExit(second, within: 10))
        let told = String(decoding: secondErrors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(told.contains("read-only"), "the second process says it is read-only: \(told)")

        first.terminate()
        XCTAssertTrue(waitForExit(first, within: 10))
        XCTAssertEqual(first.terminationStatus, 0)
        XCTAssertEqual(try savedNotes(), "made before the second launch")
    }
}
