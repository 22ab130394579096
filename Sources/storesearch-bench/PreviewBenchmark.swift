import Foundation
import Gtk
import HTTP
@testable import StoreSearchApp
import Synchronization

/// Issue #19: a preview in the real window, streamed from a local server through GTK's GStreamer
/// backend to the sound server: from Play to the first sound (the position moving) against the
/// time the server took to send its first byte; the longest main-loop stall while it streams;
/// resident memory while playing against idle, split into the libraries GStreamer maps and the
/// rest; then a second preview in the same process (GStreamer loaded).
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
        let idle = RSS.bytes, idleMappings = ResidentMappings.now()

        // The first preview of the process: GStreamer and its plugins load on Play.
        guard let first = play(bench, firstByte: firstByte) else {
            return print("  the preview did not play (is there a sound server? make bench starts one)")
        }
        print("  Play → first sound: \(Measure.milliseconds(first.sound))  (Play → the server's first byte: \(Measure.milliseconds(first.served)); " +
              "ratio \(Measure.ratio(first.sound, first.served)); target 1.5×)")
        let (stall, peak) = streaming(for: .seconds(2))
        let growth = ResidentMappings.now().growth(since: idleMappings)
        print("  while it streams: longest main-loop stall \(Measure.milliseconds(stall)) (target 16 ms); " +
              "RSS \(RSS.megabytes(peak)) against \(RSS.megabytes(idle)) idle (+\(RSS.megabytes(peak - idle)); target 30 MB)")
        print("    of which libraries mapped on Play \(RSS.megabytes(growth.files)) (" +
              growth.largest.map { "\($0.name) \(RSS.megabytes($0.kilobytes * 1024))" }.joined(separator: ", ") +
              ", …), heap, stacks and buffers \(RSS.megabytes(growth.other))")

        // A second preview in the same process: what the stream itself costs, with GStreamer loaded.
        bench.main.preview.stop()
        MainContext.spin(until: { false }, timeout: .milliseconds(500))
        firstByte.withLock { $0 = nil }
        let before = RSS.bytes
        guard let second = play(bench, firstByte: firstByte) else { return print("  the second preview did not play") }
        let (_, secondPeak) = streaming(for: .seconds(2))
        print("  a second preview: Play → first sound \(Measure.milliseconds(second.sound))  (first byte " +
              "\(Measure.milliseconds(second.served)); ratio \(Measure.ratio(second.sound, second.served))); " +
              "RSS +\(RSS.megabytes(secondPeak - before)) over the stopped first")
    }

    /// Play, until the position moves: the time to the first sound and to the server's first byte.
    private static func play(_ bench: BenchWindow, firstByte: borrowing Mutex<ContinuousClock.Instant?>) -> (sound: Duration, served: Duration)? {
        let start = ContinuousClock.now
        _ = bench.main.window.activateAction("win.play-preview")
        guard MainContext.spin(until: { bench.main.preview.status == .playing && bench.main.preview.position > 0 }, timeout: .seconds(10)) else {
            return nil
        }
        let sound = ContinuousClock.now - start
        return (sound, (firstByte.withLock { $0 } ?? start) - start)
    }

    /// The longest main-loop stall and the peak RSS while the preview plays for `duration`.
    private static func streaming(for duration: Duration) -> (stall: Duration, peak: Int) {
        let probe = Probe()
        var peak = RSS.bytes
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end {
            MainContext.spin(until: { false }, timeout: .milliseconds(50))
            peak = max(peak, RSS.bytes)
        }
        probe.stop()
        return (probe.longestStall, peak)
    }
}
