import Foundation
import StoreSearchCore
import TestSupport
import XCTest

/// Issue #18: `storesearch --export FILE` writes My Items with no window, whether or not the app
/// is running, and never leaves a partial file.
final class ExportCommandTests: XCTestCase {
    private static let executable = URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appending(path: "storesearch")

    private var folder: URL!

    override func setUpWithError() throws {
        folder = MainLoop.temporaryDirectory()
        let paths = AppPaths(dataDirectory: folder.appending(path: "data/storesearch"), cacheDirectory: folder.appending(path: "cache/storesearch"))
        var store = ItemStore()
        let song = SearchResult(id: "track:1", name: "Şımarık", artist: "Tarkan", kind: .song, price: Decimal(string: "1.29"), currency: "USD")
        store.setEdits(ItemEdits(name: "Şımarık, \"live\"", notes: "line one\nline two, with a comma"), for: song)
        store.keep(SearchResult(id: "track:2", name: "東京", kind: .song))
        try ItemStoreFile(paths: paths).save(store)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func run(_ arguments: [String], bus: String? = nil) throws -> (status: Int32, errors: String, process: Process) {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = folder.appending(path: "data").path
        environment["XDG_CACHE_HOME"] = folder.appending(path: "cache").path
        environment["GTK_A11Y"] = "none"
        if let bus { environment["DBUS_SESSION_BUS_ADDRESS"] = bus }
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        guard !arguments.contains("--offline") else { return (0, "", process) }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), process)
    }

    func testExportsCSVAndJSONWithAndWithoutTheAppRunning() throws {
        let csv = folder.appending(path: "mine.csv"), json = folder.appending(path: "mine.json")
        XCTAssertEqual(try run(["--export", csv.path]).status, 0)
        let rows = MyItemsCSV.parse(try String(contentsOf: csv, encoding: .utf8))
        XCTAssertEqual(rows.count, 3, "a header and two items")
        let first = try XCTUnwrap(rows.first { $0.first == "track:1" })
        XCTAssertTrue(first.contains("Şımarık, \"live\""))
        XCTAssertTrue(first.contains("line one\nline two, with a comma"))
        XCTAssertTrue(first.contains("Şımarık"), "the store's name beside the user's")

        // With the app running on its own session bus.
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let app = try run(["--offline"], bus: bus.address).process
        defer { app.terminate(); app.waitUntilExit() }
        usleep(500_000)
        XCTAssertTrue(app.isRunning)
        XCTAssertEqual(try run(["--export", json.path], bus: bus.address).status, 0)
        let items = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]])
        XCTAssertEqual(Set(items.compactMap { $0["name"] as? String }), ["Şımarık, \"live\"", "東京"])
        XCTAssertTrue(app.isRunning, "the running window is left alone")
    }

    func testAnUnwritableTargetSaysWhyAndLeavesNoFile() throws {
        for target in [folder.appending(path: "missing/mine.csv").path, "/proc/storesearch-export.csv"] {
            let outcome = try run(["--export", target])
            XCTAssertNotEqual(outcome.status, 0)
            XCTAssertTrue(outcome.errors.contains("Could not export My Items to \(target)"), outcome.errors)
            XCTAssertFalse(FileManager.default.fileExists(atPath: target))
        }
        let wrong = try run(["--export", folder.appending(path: "mine.txt").path])
        XCTAssertNotEqual(wrong.status, 0)
        XCTAssertTrue(wrong.errors.contains("must end in .csv or .json"), wrong.errors)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["data"], "nothing partial left")
    }
}
