import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchApp
import StoreSearchCore

/// Issue #11: the real window (1024×760) searches a local server whose 200 results each have
/// their own thumbnail, every image answered 150 ms late, with a cold artwork cache. Reports the
/// time until every visible row has its artwork (against the 150 ms of one image), the image
/// requests made before scrolling, artwork after End, and the longest main-loop stall.
@MainActor
enum ArtworkBenchmark {
    nonisolated static let rowCount = 200
    nonisolated static let imageDelay: Duration = .milliseconds(150)

    static func run(repository: URL) throws {
        print("Artwork: \(rowCount) thumbnails, cold cache, each image 150 ms late, real 1024×760 window")
        let server = makeServer(covers: covers(repository))
        let base = try server.start()
        defer { server.stop() }

        let idleStall = Probe.idle(during: .milliseconds(500)).stall
        let controlStall = stallFillingWithoutArtwork(base: base)
        let bench = BenchWindow(apiBase: base)
        defer { bench.close() }
        bench.main.present()
        MainContext.spin(until: { false }, timeout: .milliseconds(300))  // mapped and idle

        server.resetCounters()
        let probe = Probe()
        let start = ContinuousClock.now
        bench.main.searchEntry.text = "benchmark"
        bench.main.searchEntry.activate()
        var rowsShown: Duration?
        let visibleLoaded = MainContext.spin(
            until: {
                if rowsShown == nil, !bench.main.results.items.isEmpty { rowsShown = ContinuousClock.now - start }
                return bench.main.results.items.count >= 20 && bench.hasArtwork(bench.visibleRows)
            }, timeout: .seconds(60))
        let visibleTime = ContinuousClock.now - start
        let visible = bench.visibleRows
        // The user looks at the first screen; what else is fetched meanwhile?
        MainContext.spin(until: { false }, timeout: .milliseconds(2000))
        probe.stop()
        let imagesBeforeScroll = server.requestCount - server.requestCount(path: "/search")
        let frameStall = stallRedrawingEveryFrame(bench)
        let screenful = visible.count

        // End: the list jumps to its last row; every row scrolled past should get its artwork.
        let endStart = ContinuousClock.now
        bench.main.results.list.scroll(to: rowCount - 1)
        let endLoaded = MainContext.spin(until: { bench.hasArtwork(0..<rowCount) }, timeout: .seconds(60))
        let endTime = ContinuousClock.now - endStart
        let withArtwork = (0..<rowCount).count { bench.hasArtwork([$0]) }

        print(
            "  every visible row (\(visible.count), rows \(visible.lowerBound)–\(visible.upperBound - 1)) with artwork: "
                + "\(visibleLoaded ? "" : "TIMED OUT ")\(Measure.milliseconds(visibleTime)); "
                + "one image: \(Measure.milliseconds(imageDelay)); ratio \(Measure.ratio(visibleTime, imageDelay)) (target ≤ 3×); "
                + "first rows shown after \(rowsShown.map(Measure.milliseconds) ?? "-")")
        print(
            "  image requests before scrolling: \(imagesBeforeScroll) "
                + "(visible rows + one screenful: \(visible.count + screenful))")
        print(
            "  after End: \(withArtwork) of \(rowCount) rows scrolled past have artwork "
                + "\(endLoaded ? "" : "(TIMED OUT) ")after \(Measure.milliseconds(endTime))")
        print(
            "  longest main-loop stall while loading: \(Measure.milliseconds(probe.longestStall)) "
                + "(idle baseline \(Measure.milliseconds(idleStall)); redrawing the loaded list every frame: "
                + "\(Measure.milliseconds(frameStall)); the same rows filling the list without artwork: "
                + "\(Measure.milliseconds(controlStall)); target ≤ 16 ms); stalls over 12 ms at "
                + probe.stalls.map { "\(Measure.milliseconds($0.end - start)) (\(Measure.milliseconds($0.length)))" }
                .joined(separator: ", "))
    }

    /// The store: 200 songs, each with its own thumbnail, every image 150 ms late ("no artwork":
    /// the same rows without images).
    private static func makeServer(covers: [Data]) -> CountingServer {
        let server = CountingServer()
        server.route("/search") { request in
            var body = searchBody(base: server.baseURL!, count: rowCount)
            if request.query["term"] == "no artwork" {  // the control: the same rows without images
                body = Data(
                    String(decoding: body, as: UTF8.self).replacingOccurrences(of: "artworkUrl100", with: "noArtwork")
                        .utf8)
            }
            return LocalServerResponse(contentType: "text/javascript; charset=utf-8", body: body)
        }
        server.route("/art/") { request in
            let index = Int(request.path.split(separator: "/")[1]) ?? 0
            return LocalServerResponse(contentType: "image/jpeg", body: covers[index % covers.count], delay: imageDelay)
        }
        return server
    }

    /// Control: the longest stall while the same 200 rows fill the list with no artwork at all.
    private static func stallFillingWithoutArtwork(base: URL) -> Duration {
        let bench = BenchWindow(apiBase: base)
        defer { bench.close() }
        bench.main.present()
        MainContext.spin(until: { false }, timeout: .milliseconds(300))
        let probe = Probe()
        bench.search("no artwork")
        MainContext.spin(until: { false }, timeout: .milliseconds(300))
        probe.stop()
        return probe.longestStall
    }

    /// What a frame costs with nothing loading: the loaded list redrawn every frame (1 px scrolls).
    private static func stallRedrawingEveryFrame(_ bench: BenchWindow) -> Duration {
        let frameProbe = Probe()
        if let adjustment = bench.scroller?.verticalAdjustment {
            var frames = 0
            bench.main.results.list.onEachFrame {
                frames += 1
                adjustment.value = Double(frames % 2)
                return frames < 40
            }
            MainContext.spin(until: { frames >= 40 }, timeout: .seconds(5))
        }
        frameProbe.stop()
        return frameProbe.longestStall
    }

    nonisolated static func covers(_ repository: URL) -> [Data] {
        (0..<120).map { index in
            try! Data(
                contentsOf: repository.appending(path: String(format: "data/artwork/cover-%03d/100x100bb.jpg", index)))
        }
    }

    /// `count` songs in the API's shape, each with its own artwork URL under `/art/PREFIXi/`.
    nonisolated static func searchBody(base: URL, count: Int, prefix: String = "", artworkBase: ((Int) -> URL)? = nil)
        -> Data
    {
        let records = (0..<count).map { index -> [String: Any] in
            let artBase = artworkBase?(index) ?? base
            return [
                "wrapperType": "track", "kind": "song", "trackId": 500_000 + index,
                "trackName": String(format: "Benchmark Song %03d", index), "artistName": "Artist \(index % 17)",
                "trackPrice": 1.29, "currency": "USD", "primaryGenreName": "Pop",
                "releaseDate": "2001-07-11T07:00:00Z",
                "trackViewUrl": "https://music.apple.com/us/album/\(index)",
                "artworkUrl100": artBase.appending(path: "art/\(prefix)\(index)/100x100bb.jpg").absoluteString,
            ]
        }
        let body = try! JSONSerialization.data(withJSONObject: ["resultCount": count, "results": records])
        return Data("\n\n\n".utf8) + body
    }
}
