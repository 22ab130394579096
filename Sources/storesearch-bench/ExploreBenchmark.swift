import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchApp
import StoreSearchCore

/// Issue #44: the Explore page must not slow the window's start (its charts load after the first
/// frames): `main` to the mapped window with the charts against today's start (the hint, no
/// charts), each in fresh processes taken in turn; and the time until the first chart's covers
/// are all shown, from a local store (feeds, one lookup, covers) that answers at once.
enum ExploreBenchmark {
    static let runs = 7
    static let childFlag = "--explore-child"

    static func run(repository: URL) throws {
        print("Explore: window start with the charts (median of \(runs) fresh processes each)")
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var charts: [[String: Double]] = [], hint: [[String: Double]] = []
        for _ in 0..<runs {
            if let figures = try measure(me, arguments: [childFlag, "charts"]) { charts.append(figures) }
            if let figures = try measure(me, arguments: [childFlag, "hint"]) { hint.append(figures) }
        }
        guard !charts.isEmpty, !hint.isEmpty else { return print("  no figures: a child failed") }
        let withCharts = median(charts.compactMap { $0["mapped-ms"] }),
            today = median(hint.compactMap { $0["mapped-ms"] })
        print(
            String(
                format: "  window mapped with the charts in %.1f ms; today's start (no charts): %.1f ms; ratio %.2f× "
                    + "(target ≤ 1.1×)", withCharts, today, withCharts / today))
        let covers = charts.compactMap { $0["covers-ms"] }
        let afterMapped = charts.compactMap { figures in figures["covers-ms"].map { $0 - (figures["mapped-ms"] ?? 0) } }
        guard !covers.isEmpty else { return print("  the first chart's covers never all showed") }
        print(
            String(
                format: "  the first chart's covers all shown %.1f ms after main (%.1f ms after the window mapped; "
                    + "%d feeds, one lookup and %d covers from a local store)", median(covers), median(afterMapped),
                ChartFeed.feeds(for: .all).count, Chart.sectionLength))
    }

    /// Runs a child that prints "mapped-ms N" (and with the charts "covers-ms N").
    private static func measure(_ executable: URL, arguments: [String]) throws -> [String: Double]? {
        let (figures, output) = try Measure.childFigures(executable, arguments: arguments)
        guard figures["mapped-ms"] != nil else {
            FileHandle.standardError.write(Data("explore child said: \(output)\n".utf8))
            return nil
        }
        return figures
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000
    }

    /// The child: `main` to mapped with the charts on or off, then (on) until the first chart's
    /// covers are all on screen.
    @MainActor
    static func child() -> Never {
        let showsCharts = CommandLine.arguments.contains("charts")
        let root = FileManager.default.temporaryDirectory.appending(path: "storesearch-bench-\(UUID().uuidString)")
        let start = ContinuousClock.now
        let server = CountingServer()
        let cover = try! Data(contentsOf: repository.appending(path: "data/artwork/cover-000/100x100bb.jpg"))
        server.route("/us/rss/") { request in
            let feed = String(request.path.split(separator: "/")[2])
            return LocalServerResponse(contentType: "text/javascript; charset=utf-8", body: feedBody(feed))
        }
        server.route("/lookup") { request in
            let ids = (request.query["id"] ?? "").split(separator: ",").map(String.init)
            return LocalServerResponse(
                contentType: "text/javascript; charset=utf-8", body: lookupBody(ids: ids, base: server.baseURL!))
        }
        server.route("/art/") { _ in LocalServerResponse(contentType: "image/jpeg", body: cover) }
        let base = try! server.start()
        var options = LaunchOptions()
        options.apiBase = base
        let application = StoreSearchApp.makeApplication(id: "io.github.storesearch.StoreSearch.BenchExplore")
        precondition(application.register(), "cannot register the benchmark application")
        let paths = AppPaths(dataDirectory: root.appending(path: "data"), cacheDirectory: root.appending(path: "cache"))
        let environment = AppEnvironment(options: options, paths: paths, resources: ResourceLocator.locate()!)
        environment.showsCharts = showsCharts
        let window = MainWindow(application: application, environment: environment, settings: Settings.MemoryBackend())
        window.present()
        MainContext.spin(until: { window.window.isMapped }, timeout: .seconds(30))
        print(String(format: "mapped-ms %.2f", milliseconds(ContinuousClock.now - start)))
        if showsCharts,
            MainContext.spin(until: { window.explore.firstChartHasItsCovers }, timeout: .seconds(30))
        {
            print(String(format: "covers-ms %.2f", milliseconds(ContinuousClock.now - start)))
        }
        window.window.destroy()
        server.stop()
        do { try FileManager.default.removeItem(at: root) } catch { print("cannot remove \(root.path): \(error)") }
        exit(0)
    }

    /// A feed of the chart's first entries, in the store's shape: ids by chart, so every chart differs.
    private static func feedBody(_ feed: String) -> Data {
        let offset = (ChartFeed.allCases.firstIndex { $0.rawValue == feed } ?? 0) * 100
        let entries = (0..<Chart.sectionLength).map { index -> [String: Any] in
            [
                "im:name": ["label": "Chart Entry \(offset + index)"],
                "id": ["attributes": ["im:id": String(800_000 + offset + index)]],
                "im:artist": ["label": "Artist \(index)"],
                "im:price": ["attributes": ["amount": "1.29000", "currency": "USD"]],
            ]
        }
        return try! JSONSerialization.data(withJSONObject: ["feed": ["entry": entries]])
    }

    private static func lookupBody(ids: [String], base: URL) -> Data {
        let records = ids.compactMap(Int.init).map { id -> [String: Any] in
            [
                "wrapperType": "track", "kind": "song", "trackId": id, "trackName": "Chart Entry \(id)",
                "artistName": "Artist", "trackPrice": 1.29, "currency": "USD",
                "artworkUrl100": base.appending(path: "art/\(id)/100x100bb.jpg").absoluteString,
            ]
        }
        return try! JSONSerialization.data(withJSONObject: ["resultCount": records.count, "results": records])
    }
}
