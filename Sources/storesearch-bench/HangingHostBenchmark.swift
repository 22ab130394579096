import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchApp
import StoreSearchCore

/// Issue #14: one image host never answers, a second works; a third of the rows have their
/// artwork on the dead host. Time until every visible row with working artwork shows it.
@MainActor
enum HangingHostBenchmark {
    static func run(repository: URL) throws {
        print("Hanging image host: 200 rows, every third row's artwork on a host that never answers")
        let covers = ArtworkBenchmark.covers(repository)
        let dead = CountingServer()
        dead.route("/") { _ in .neverAnswering() }
        let deadBase = try dead.start()
        defer { dead.stop() }
        let server = CountingServer()
        server.route("/search") { _ in
            LocalServerResponse(
                contentType: "text/javascript; charset=utf-8",
                body: ArtworkBenchmark.searchBody(
                    base: server.baseURL!, count: 200,
                    artworkBase: { $0 % 3 == 0 ? deadBase : server.baseURL! }))
        }
        server.route("/art/") { request in
            let index = Int(request.path.split(separator: "/")[1]) ?? 0
            return LocalServerResponse(contentType: "image/jpeg", body: covers[index % covers.count])
        }
        let base = try server.start()
        defer { server.stop() }

        let bench = BenchWindow(apiBase: base)
        defer { bench.close() }
        bench.main.present()
        MainContext.spin(until: { false }, timeout: .milliseconds(300))
        let start = ContinuousClock.now
        bench.main.searchEntry.text = "benchmark"
        bench.main.searchEntry.activate()
        let loaded = MainContext.spin(
            until: {
                bench.main.results.items.count >= 20 && bench.hasArtwork(bench.visibleRows.filter { $0 % 3 != 0 })
            }, timeout: .seconds(30))
        let elapsed = ContinuousClock.now - start
        print(
            "  working visible rows with artwork: \(loaded ? "" : "TIMED OUT ")\(Measure.milliseconds(elapsed)) "
                + "(target ≤ 2 s); requests to the dead host: \(dead.requestCount), to the working one: "
                + "\(server.requestCount - server.requestCount(path: "/search"))")
    }
}
