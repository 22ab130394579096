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
        let paths = AppPaths(
            dataDirectory: folder.appending(path: "data/storesearch"),
            cacheDirectory: folder.appending(path: "cache/storesearch"))
        var store = ItemStore()
        let song = SearchResult(
            id: "track:1", name: "Şımarık", artist: "Tarkan", kind: .song, price: Decimal(string: "1.29"),
            currency: "USD")
        store.setEdits(ItemEdits(name: "Şımarık, \"live\"", notes: "line one\nline two, with a comma"), for: song)
        store.keep(SearchResult(id: "track:2", name: "東京", kind: .song))
        try ItemStoreFile(paths: paths).save(store)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func run(_ arguments: [String], bus: String? = nil) throws -> (
        status: Int32, errors: String, process: Process
    ) {
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
        return (
            process.terminationStatus,
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), process
        )
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
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["data"], "nothing partial left")
    }

    /// Issue #31: text that a spreadsheet would run as a formula gets a leading `'` in CSV (read
    /// here with Python's csv module, as another program would), and stays exact in JSON.
    func testFormulaLookingTextIsNeutralisedInCSVOnly() throws {
        let paths = AppPaths(
            dataDirectory: folder.appending(path: "data/storesearch"),
            cacheDirectory: folder.appending(path: "cache/storesearch"))
        var store = ItemStore()
        let song = SearchResult(
            id: "track:9", name: "=HYPERLINK(\"http://x\")", artist: "+1 Artist", kind: .song, genre: "@SUM(A1)",
            collectionName: "-2+3")
        store.setEdits(ItemEdits(notes: "\tcmd|' /C calc'!A0"), for: song)
        store.keep(SearchResult(id: "track:10", name: "\rReturn", kind: .song))
        try ItemStoreFile(paths: paths).save(store)
        let csv = folder.appending(path: "mine.csv"), json = folder.appending(path: "mine.json")
        XCTAssertEqual(try run(["--export", csv.path]).status, 0)
        XCTAssertEqual(try run(["--export", json.path]).status, 0)

        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = [
            "-c",
            "import csv, json, sys; print(json.dumps(list(csv.DictReader(open(sys.argv[1], newline='', encoding='utf-8')))))",
            csv.path,
        ]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        let rows = try XCTUnwrap(
            JSONSerialization.jsonObject(with: output.fileHandleForReading.readDataToEndOfFile()) as? [[String: String]]
        )
        python.waitUntilExit()
        let row = try XCTUnwrap(rows.first { $0["id"] == "track:9" })
        XCTAssertEqual(row["name"], "'=HYPERLINK(\"http://x\")")
        XCTAssertEqual(row["storeName"], "'=HYPERLINK(\"http://x\")")
        XCTAssertEqual(row["artist"], "'+1 Artist")
        XCTAssertEqual(row["genre"], "'@SUM(A1)")
        XCTAssertEqual(row["collection"], "'-2+3")
        XCTAssertEqual(row["notes"], "'\tcmd|' /C calc'!A0")
        XCTAssertEqual(rows.first { $0["id"] == "track:10" }?["name"], "'\rReturn")
        XCTAssertEqual(row["kept"], "false", "the export's own values are left alone")

        let items = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]])
        let exact = try XCTUnwrap(items.first { $0["id"] as? String == "track:9" })
        XCTAssertEqual(exact["name"] as? String, "=HYPERLINK(\"http://x\")")
        XCTAssertEqual(exact["notes"] as? String, "\tcmd|' /C calc'!A0")
    }

    /// Issue #31: items the export could not read are never left out with success.
    func testAnItemFileThatCouldNotBeReadWholeExportsWhatItCanAndFails() throws {
        let items = folder.appending(path: "data/storesearch/items.plist")
        var text = try String(contentsOf: items, encoding: .utf8)
        text = text.replacingOccurrences(of: "<string>track:2</string>", with: "<string>track:2</strin")
        try Data(text.utf8).write(to: items)
        let csv = folder.appending(path: "mine.csv")
        let outcome = try run(["--export", csv.path])
        XCTAssertNotEqual(outcome.status, 0)
        XCTAssertTrue(outcome.errors.contains("not everything in your saved items could be read"), outcome.errors)
        XCTAssertEqual(
            MyItemsCSV.parse(try String(contentsOf: csv, encoding: .utf8)).count, 2,
            "a header and the item that could be read")
        XCTAssertEqual(Data(text.utf8), try Data(contentsOf: items), "a read-only run moves and writes nothing")
    }
}
