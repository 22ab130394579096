import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchApp
import StoreSearchCore

/// Issues #12, #17 and #32: time from `main` to the first mapped window, and resident memory
/// after a 200-result search, for the real window (with no saved items, and with 100,000), for a
/// plain C GTK 4 window with a header bar, search entry and drop-down, and for the floor of this
/// interface: a C libadwaita program that builds the same .ui files from the same GResource
/// (bench/libadwaita-window.c). All are compiled and run in the same bench run, each in its own
/// fresh process (in turn, so machine noise hits them alike); medians are reported.
enum WindowStartBenchmark {
    static let runs = 7
    static let childFlag = "--window-start-child"

    static func run(repository: URL) throws {
        print("Window start (median of \(runs) fresh processes each)")
        let folder = FileManager.default.temporaryDirectory.appending(path: "storesearch-bench-c-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try compile("plain-gtk-window", package: "gtk4", into: folder)
        let floor = try compile("libadwaita-window", package: "libadwaita-1", into: folder)
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let items = folder.appending(path: "items.plist")
        try ItemStoreFile(url: items).save(CoreBenchmark.items(100_000))
        var app: [(ms: Double, rssKB: Double)] = [], plain: [(ms: Double, rssKB: Double)] = [],
            adwaita: [(ms: Double, rssKB: Double)] = []
        var appWithItems: [(ms: Double, rssKB: Double)] = []
        for _ in 0..<runs {
            if let figures = try measure(me, arguments: [childFlag]) { app.append(figures) }
            if let figures = try measure(me, arguments: [childFlag, items.path]) { appWithItems.append(figures) }
            if let figures = try measure(baseline, arguments: []) { plain.append(figures) }
            if let figures = try measure(floor, arguments: []) { adwaita.append(figures) }
        }
        guard !app.isEmpty, !appWithItems.isEmpty, !plain.isEmpty, !adwaita.isEmpty else {
            return print("  no figures: a child failed")
        }
        let appTime = median(app.map(\.ms)), plainTime = median(plain.map(\.ms)), floorTime = median(adwaita.map(\.ms))
        let itemsTime = median(appWithItems.map(\.ms))
        let appRSS = median(app.map(\.rssKB)) / 1024, plainRSS = median(plain.map(\.rssKB)) / 1024
        print(
            String(
                format:
                    "  StoreSearch window mapped in %.1f ms; the same .ui files built and mapped by C and libadwaita: %.1f ms; "
                    + "ratio %.2f× (target ≤ 1.25×)", appTime, floorTime, appTime / floorTime))
        print(
            String(
                format:
                    "  with 100,000 saved items (a 100 MB file, read in the background): mapped in %.1f ms; ratio %.2f× the same "
                    + "window with none (target ≤ 1.25×)", itemsTime, itemsTime / appTime))
        print(
            String(
                format: "  plain C GTK 4 window (no libadwaita, a header bar and two widgets): %.1f ms; ratio %.2f×",
                plainTime, appTime / plainTime))
        print(
            String(
                format: "  RSS after a 200-result search: %.1f MB (plain C window, idle: %.1f MB; %+.1f MB)",
                appRSS, plainRSS, appRSS - plainRSS))
    }

    /// Runs a child that prints "mapped-ms N" and "rss-kb N".
    private static func measure(_ executable: URL, arguments: [String]) throws -> (ms: Double, rssKB: Double)? {
        let (figures, output) = try Measure.childFigures(executable, arguments: arguments)
        guard let ms = figures["mapped-ms"], let rss = figures["rss-kb"] else {
            FileHandle.standardError.write(Data("child \(executable.lastPathComponent) said: \(output)\n".utf8))
            return nil
        }
        return (ms, rss)
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// The child side for the real window: `main` to mapped, then a 200-result search from a
    /// local server with its thumbnails, then the resident memory. An argument after the flag is
    /// an item file to start with (linked in before the clock starts).
    @MainActor
    static func child() -> Never {
        let root = FileManager.default.temporaryDirectory.appending(path: "storesearch-bench-\(UUID().uuidString)")
        if let index = CommandLine.arguments.firstIndex(of: childFlag), index + 1 < CommandLine.arguments.count {
            try! FileManager.default.createDirectory(
                at: root.appending(path: "data"), withIntermediateDirectories: true)
            try! FileManager.default.linkItem(
                atPath: CommandLine.arguments[index + 1], toPath: root.appending(path: "data/items.plist").path)
        }
        let start = ContinuousClock.now
        let server = CountingServer()
        let cover = try! Data(contentsOf: repository.appending(path: "data/artwork/cover-000/100x100bb.jpg"))
        server.route("/search") { _ in
            LocalServerResponse(contentType: "text/javascript; charset=utf-8", body: searchBody(base: server.baseURL!))
        }
        server.route("/art/") { _ in LocalServerResponse(contentType: "image/jpeg", body: cover) }
        let base = try! server.start()

        var options = LaunchOptions()
        options.apiBase = base
        let application = StoreSearchApp.makeApplication(id: "io.github.storesearch.StoreSearch.BenchStart")
        precondition(application.register(), "cannot register the benchmark application")
        let paths = AppPaths(dataDirectory: root.appending(path: "data"), cacheDirectory: root.appending(path: "cache"))
        let environment = AppEnvironment(options: options, paths: paths, resources: ResourceLocator.locate()!)
        environment.showsCharts = false  // its store answers searches; the charts have their own bench (explore)
        let window = MainWindow(application: application, environment: environment, settings: Settings.MemoryBackend())
        window.present()
        MainContext.spin(until: { window.window.isMapped }, timeout: .seconds(30))
        let mapped = ContinuousClock.now - start
        window.searchEntry.text = "benchmark"
        window.searchEntry.activate()
        MainContext.spin(
            until: { window.results.items.count == 200 && !window.results.isFilling }, timeout: .seconds(30))
        MainContext.spin(until: { false }, timeout: .milliseconds(1500))  // thumbnails in, idle
        print(
            String(
                format: "mapped-ms %.2f",
                Double(mapped.components.attoseconds) / 1e15 + Double(mapped.components.seconds) * 1000))
        print("rss-kb \(residentKilobytes())")
        window.window.destroy()
        server.stop()
        do { try FileManager.default.removeItem(at: root) } catch { print("cannot remove \(root.path): \(error)") }
        exit(0)  // a fresh process per measurement: nothing else to run
    }

    private static func residentKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    private static func searchBody(base: URL) -> Data {
        let records = (0..<200).map { index -> [String: Any] in
            [
                "wrapperType": "track", "kind": "song", "trackId": 700_000 + index,
                "trackName": String(format: "Start Song %03d", index), "artistName": "Artist \(index % 17)",
                "trackPrice": 1.29, "currency": "USD", "primaryGenreName": "Pop", "releaseDate": "2001-07-11T07:00:00Z",
                "artworkUrl100": base.appending(path: "art/\(index)/100x100bb.jpg").absoluteString,
            ]
        }
        return try! JSONSerialization.data(withJSONObject: ["resultCount": 200, "results": records])
    }

    /// Compiles bench/`name`.c with the system compiler and pkg-config.
    private static func compile(_ name: String, package: String, into directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let source = repository.appending(path: "bench/\(name).c"), binary = directory.appending(path: name)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "cc -O2 -o '\(binary.path)' '\(source.path)' $(pkg-config --cflags --libs \(package))",
        ]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return binary
    }
}
