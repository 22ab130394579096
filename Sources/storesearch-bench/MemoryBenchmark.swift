import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchApp
import StoreSearchCore

/// Issue #14: resident memory of the real window (1) over a search whose 200 results each claim
/// a 4096×4096 PNG of a few kilobytes, and (2) after 100 and after 1,000 searches with distinct
/// artwork each.
@MainActor
enum MemoryBenchmark {
    static func run(repository: URL, searches: Int = 1000) throws {
        print("Memory: real 1024×760 window")
        let covers = ArtworkBenchmark.covers(repository)
        let bomb = Texture.blank(width: 4096, height: 4096).pngData()!
        let server = CountingServer()
        server.route("/search") { request in
            let term = request.query["term"] ?? ""
            let count = term == "bomb" ? 200 : 50
            return LocalServerResponse(
                contentType: "text/javascript; charset=utf-8",
                body: ArtworkBenchmark.searchBody(base: server.baseURL!, count: count, prefix: "\(term)-"))
        }
        server.route("/art/") { request in
            let name = request.path.split(separator: "/")[1]
            if name.hasPrefix("bomb-") { return LocalServerResponse(contentType: "image/png", body: bomb) }
            let index = abs(name.hashValue)
            return LocalServerResponse(contentType: "image/jpeg", body: covers[index % covers.count])
        }
        let base = try server.start()
        defer { server.stop() }

        measureImageBomb(base: base, server: server, bomb: bomb)
        measureManySearches(base: base, server: server, searches: searches)
        try measureUnboundedCache(base: base, searches: searches)
    }

    /// (1) 200 results whose images are each a 4096×4096 PNG of a few kilobytes.
    private static func measureImageBomb(base: URL, server: CountingServer, bomb: Data) {
        let bench = BenchWindow(apiBase: base)
        defer { bench.close() }
        bench.main.present()
        MainContext.spin(until: { false }, timeout: .milliseconds(500))
        let before = RSS.bytes
        var peak = before
        server.resetCounters()
        bench.search("bomb")
        let deadline = ContinuousClock.now + .seconds(20)
        // Scroll through every row so each one asks for its image, then let the loads settle.
        var row = 0
        while ContinuousClock.now < deadline {
            MainContext.spin(until: { false }, timeout: .milliseconds(50))
            peak = max(peak, RSS.bytes)
            if row < 200 {
                bench.main.results.list.scroll(to: row)
                row += 10
            } else if server.requestCount - server.requestCount(path: "/search") >= 200 {
                break
            }
        }
        MainContext.spin(until: { false }, timeout: .milliseconds(500))
        peak = max(peak, RSS.bytes)
        print(
            "  image bomb (200 × 4096×4096 PNG of \(bomb.count / 1024) KB): RSS \(RSS.megabytes(before)) → peak "
                + "\(RSS.megabytes(peak)) (+\(RSS.megabytes(peak - before)); target < 100 MB); "
                + "\(server.requestCount - server.requestCount(path: "/search")) image requests")
    }

    /// (2) Many searches with distinct artwork each.
    private static func measureManySearches(base: URL, server: CountingServer, searches: Int) {
        let bench = BenchWindow(apiBase: base)
        defer { bench.close() }
        bench.main.present()
        MainContext.spin(until: { false }, timeout: .milliseconds(500))
        let start = RSS.bytes
        var marks: [(Int, Int)] = []
        let clock = ContinuousClock.now
        for index in 1...searches {
            server.resetCounters()  // the in-process server's request log is not the app's memory
            bench.search("q\(index)")
            MainContext.spin(until: { bench.hasArtwork(bench.visibleRows) }, timeout: .seconds(10))
            if index == 10 || index == 100 || index == searches / 2 || index == searches {
                MainContext.spin(until: { false }, timeout: .milliseconds(500))  // idle
                marks.append((index, RSS.bytes))
            }
        }
        let elapsed = ContinuousClock.now - clock
        let at100 = marks.first { $0.0 == 100 }!.1, atEnd = marks.last!.1
        print(
            "  \(searches) searches of 50 results with distinct artwork (\(Measure.milliseconds(elapsed))): RSS at start "
                + "\(RSS.megabytes(start)); "
                + marks.map { "after \($0.0): \(RSS.megabytes($0.1))" }.joined(separator: ", "))
        print("  growth from 100 to \(searches) searches: \(RSS.megabytes(atEnd - at100)) (target ≤ 10 MB)")
    }

    /// What an unbounded query cache (before the 32-query LRU) would hold after those searches:
    /// the decoded answers themselves.
    private static func measureUnboundedCache(base: URL, searches: Int) throws {
        let beforeAnswers = RSS.bytes
        var answers: [[SearchResult]] = []
        for index in 101...searches {
            let body = ArtworkBenchmark.searchBody(base: base, count: 50, prefix: "q\(index)-")
            answers.append(try SearchResponseDecoder.decode(body))
        }
        print(
            "  for comparison, holding the \(answers.count) decoded answers of searches 101–\(searches) "
                + "(what an unbounded query cache would keep): \(RSS.megabytes(RSS.bytes - beforeAnswers))")
    }
}
