import Foundation
import Gtk
import HTTP
import StoreSearchApp
import StoreSearchCore

/// Issue #4: the real window searches a local server whose 200 results each have their own
/// thumbnail, with a cold artwork cache. Reports the total time until every thumbnail is in,
/// the requests made, and the longest main-loop stall seen by a 1 ms GLib timeout probe.
@MainActor
enum ArtworkBenchmark {
    nonisolated static let rowCount = 200

    static func run(repository: URL) throws {
        print("Artwork: \(rowCount) thumbnails, cold cache, real window")
        let covers = (0..<120).map { index in
            try! Data(contentsOf: repository.appending(path: String(format: "data/artwork/cover-%03d/100x100bb.jpg", index)))
        }
        let server = LocalServer()
        server.route("/search") { _ in
            LocalServerResponse(contentType: "text/javascript; charset=utf-8", body: searchBody(base: server.baseURL!))
        }
        server.route("/art/") { request in
            let index = Int(request.path.split(separator: "/")[1]) ?? 0
            return LocalServerResponse(contentType: "image/jpeg", body: covers[index % covers.count])
        }
        let base = try server.start()
        defer { server.stop() }
        let thumbnails = (0..<rowCount).map { base.appending(path: "art/\($0)/100x100bb.jpg") }

        // Baseline: the same 200 bodies fetched with the bare HTTP client, six at a time, no decoding.
        let idleStall = Probe.longestStall(during: .milliseconds(500))
        let baseline = fetchAll(thumbnails, client: HTTPClient())
        server.resetCounters()

        let application = Application(id: "io.github.storesearch.StoreSearch.Bench")
        precondition(application.register(), "cannot register the benchmark application")
        let root = FileManager.default.temporaryDirectory.appending(path: "storesearch-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = AppPaths(dataDirectory: root.appending(path: "data"), cacheDirectory: root.appending(path: "cache"))

        for pass in ["cold cache", "warm disk cache (new window)"] {
            var options = LaunchOptions()
            options.apiBase = base
            let environment = AppEnvironment(options: options, paths: paths, resources: ResourceLocator.locate()!)
            let window = MainWindow(application: application, environment: environment)
            window.window.setDefaultSize(width: 1024, height: 760)
            window.present()
            MainContext.spin(until: { false }, timeout: .milliseconds(300))  // mapped and idle

            server.resetCounters()
            let probe = Probe()
            let start = ContinuousClock.now
            window.searchEntry.text = "benchmark"
            window.searchEntry.activate()
            var firstScreen: Duration?
            let loaded = MainContext.spin(until: {
                if firstScreen == nil, thumbnails.prefix(10).allSatisfy({ environment.artwork.cachedTexture(for: $0) != nil }) {
                    firstScreen = ContinuousClock.now - start
                }
                return allLoaded(thumbnails, window: window, loader: environment.artwork)
            }, timeout: .seconds(60))
            let total = ContinuousClock.now - start
            probe.stop()
            let bound = thumbnails.count { environment.artwork.cachedTexture(for: $0) != nil }
            print("  \(pass): first screenful (10 rows) with artwork in \(firstScreen.map(Measure.milliseconds) ?? "-"), " +
                  "\(loaded ? "all loaded" : "TIMED OUT") in \(Measure.milliseconds(total)); " +
                  "\(bound) thumbnails; \(server.requestCount(path: "/search")) search + " +
                  "\(server.requestCount - server.requestCount(path: "/search")) image requests; " +
                  "longest main-loop stall \(Measure.milliseconds(probe.longestStall))")
            if pass == "cold cache" {
                print("    bare HTTP fetch of the same 200 images: \(Measure.milliseconds(baseline)); " +
                      "ratio \(Measure.ratio(total, baseline)); idle main-loop stall \(Measure.milliseconds(idleStall))")
            }
            window.window.destroy()
        }
    }

    /// Every row's thumbnail is decoded, scrolling the list so rows past the first screen bind too.
    private static func allLoaded(_ thumbnails: [URL], window: MainWindow, loader: ArtworkLoader) -> Bool {
        guard window.resultsList.model.count == thumbnails.count else { return false }
        if let missing = thumbnails.firstIndex(where: { loader.cachedTexture(for: $0) == nil }) {
            window.resultsList.scroll(to: missing)
            return false
        }
        return true
    }

    private static func fetchAll(_ urls: [URL], client: HTTPClient) -> Duration {
        MainLoopBridge.install()
        var remaining = urls
        var finished = 0
        let start = ContinuousClock.now
        for _ in 0..<6 {
            Task { @MainActor in
                while let url = remaining.popLast() {
                    _ = try? await client.get(url)
                    finished += 1
                }
            }
        }
        MainContext.spin(until: { finished == urls.count }, timeout: .seconds(60))
        return ContinuousClock.now - start
    }

    /// 200 songs in the API's shape, each with its own artwork URL.
    nonisolated private static func searchBody(base: URL) -> Data {
        let records = (0..<rowCount).map { index -> [String: Any] in
            ["wrapperType": "track", "kind": "song", "trackId": 500_000 + index,
             "trackName": String(format: "Benchmark Song %03d", index), "artistName": "Artist \(index % 17)",
             "trackPrice": 1.29, "currency": "USD", "primaryGenreName": "Pop",
             "releaseDate": "2001-07-11T07:00:00Z",
             "trackViewUrl": "https://music.apple.com/us/album/\(index)",
             "artworkUrl100": base.appending(path: "art/\(index)/100x100bb.jpg").absoluteString]
        }
        let body = try! JSONSerialization.data(withJSONObject: ["resultCount": rowCount, "results": records])
        return Data("\n\n\n".utf8) + body
    }
}
