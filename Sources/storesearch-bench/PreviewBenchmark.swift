import Foundation
import Gtk
import HTTP
@testable import StoreSearchApp
import Synchronization

/// Issue #19: a preview in the real window, streamed from a local server through GTK's GStreamer
/// backend to the sound server: from Play to the first sound (the position moving) against the
/// time the server took to send its first byte; the longest main-loop stall while it streams;
/// resident memory while playing against idle.
@MainActor
enum PreviewBenchmark {
    static func run(repository: URL) throws {
        print("Preview: a 3 s AAC preview from a local server, real 1024×760 window")
        let audio = try Data(contentsOf: repository.appending(path: "Tests/StoreSearchAppTests/Fixtures/preview-440hz-3s.m4a"))
        let server = LocalServer()
        let firstByte = Mutex<ContinuousClock.Instant?>(nil)
        server.route("/search") { _ in
            let record = #"{"wrapperType":"track","kind":"song","trackId":1,"trackName":"Preview","artistName":"Band","trackPrice":1.29,"currency":"USD","previewUrl":"\#(server.baseURL!.absoluteString)/preview.m4a"}"#
            return LocalServerResponse(body: Data("{\"resultCount\":1,\"results\":[\(record)]}".utf8))
        }
        server.route("/preview.m4a") { _ in
            firstByte.withLock { if $0 == nil { $0 = .now } }
            return LocalServerResponse(contentType: "audio/mp4", body: audio)
        }
        let base = try server.start()
        defer { server.stop() }
        let bench = BenchWindow(apiBase: base)
        defer { bench.close() }
        bench.main.present()
        bench.search("preview")
        bench.main.results.list.selectedIndex = 0
        MainContext.spin(until: { false }, timeout: .milliseconds(500))
        let idle = RSS.bytes

        let play = ContinuousClock.now
        _ = bench.main.window.activateAction("win.play-preview")
        guard MainContext.spin(until: { bench.main.preview.status == .playing && bench.main.preview.position > 0 }, timeout: .seconds(10)) else {
            return print("  the preview did not play (is there a sound server? make bench starts one)")
        }
        let sound = ContinuousClock.now - play
        let served = (firstByte.withLock { $0 } ?? play) - play
        print("  Play → first sound: \(Measure.milliseconds(sound))  (Play → the server's first byte: \(Measure.milliseconds(served)); " +
              "ratio \(Measure.ratio(sound, served)); target 1.5×)")
        let probe = Probe()
        var peak = RSS.bytes
        let end = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < end {
            MainContext.spin(until: { false }, timeout: .milliseconds(50))
            peak = max(peak, RSS.bytes)
        }
        probe.stop()
        print("  while it streams: longest main-loop stall \(Measure.milliseconds(probe.longestStall)) (target 16 ms); " +
              "RSS \(RSS.megabytes(peak)) against \(RSS.megabytes(idle)) idle (+\(RSS.megabytes(peak - idle)); target 30 MB)")
    }
}
