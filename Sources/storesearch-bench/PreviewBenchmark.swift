import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchApp
import Synchronization

/// Issues #19 and #32: a preview in the real window, streamed from a local server through GTK's
/// GStreamer backend to the sound server: from Play to the first sound against the time the
/// server took to send its first byte; the longest main-loop stall while it streams; resident
/// memory while playing against idle before the item showed (showing it loads GStreamer for
/// Play), split into the libraries GStreamer maps and the rest; then a second preview in the
/// same process, and a third from a slow server. The user reads the item for half a second
/// before Play.
///
/// The first sound is when GStreamer has prerolled (the stream is prepared: the first decoded
/// audio is at the sound server) while playing; the position, which GTK's backend reports only
/// every 100 ms, is printed beside it.
@MainActor
enum PreviewBenchmark {
    static func run(repository: URL) throws {
        print("Preview: a 3 s AAC preview from a local server, real 1024×760 window")
        let audio = try Data(
            contentsOf: repository.appending(path: "Tests/StoreSearchAppTests/Fixtures/preview-440hz-3s.m4a"))
        let server = CountingServer()
        let firstByte = Mutex<ContinuousClock.Instant?>(nil)
        let latency = Mutex<Duration?>(nil)
        server.route("/search") { _ in
            let record =
                #"{"wrapperType":"track","kind":"song","trackId":1,"trackName":"Preview","artistName":"Band","trackPrice":1.29,"currency":"USD","previewUrl":"\#(server.baseURL!.absoluteString)/preview.m4a"}"#
            return LocalServerResponse(body: Data("{\"resultCount\":1,\"results\":[\(record)]}".utf8))
        }
        server.route("/preview.m4a") { _ in
            let delay = latency.withLock { $0 }
            firstByte.withLock { if $0 == nil { $0 = .now + (delay ?? .zero) } }  // the answer leaves after the delay
            return LocalServerResponse(contentType: "audio/mp4", body: audio, delay: delay)
        }
        let base = try server.start()
        defer { server.stop() }
        let bench = BenchWindow(apiBase: base)
        defer { bench.close() }
        bench.main.present()
        bench.search("preview")
        MainContext.spin(until: { false }, timeout: .milliseconds(300))
        // Idle before the item shows: showing an item with a preview loads GStreamer for Play.
        let idle = RSS.bytes, idleMappings = ResidentMappings.now()
        bench.main.results.list.selectedIndex = 0
        MainContext.spin(until: { false }, timeout: .milliseconds(500))  // the user reads, then plays

        // The first preview of the process (GStreamer and its plugins loaded when the item showed).
        guard let first = play(bench, firstByte: firstByte) else {
            return print("  the preview did not play (is there a sound server? make bench starts one)")
        }
        print(
            "  Play → first sound: \(Measure.milliseconds(first.sound))  (Play → the server's first byte: \(Measure.milliseconds(first.served)); "
                + "ratio \(Measure.ratio(first.sound, first.served)); target 1.5×); the position moved after \(Measure.milliseconds(first.moving))"
        )
        let (stall, peak) = streaming(for: .seconds(2))
        let growth = ResidentMappings.now().growth(since: idleMappings)
        print(
            "  while it streams: longest main-loop stall \(Measure.milliseconds(stall)) (target 16 ms); "
                + "RSS \(RSS.megabytes(peak)) against \(RSS.megabytes(idle)) idle (+\(RSS.megabytes(peak - idle)); target 30 MB)"
        )
        print(
            "    of which libraries mapped since the item showed \(RSS.megabytes(growth.files)) ("
                + growth.largest.map { "\($0.name) \(RSS.megabytes($0.kilobytes * 1024))" }.joined(separator: ", ")
                + ", …), heap, stacks and buffers \(RSS.megabytes(growth.other))")

        // A second preview in the same process: what the stream itself costs, with GStreamer loaded.
        let before = RSS.bytes
        guard let second = replay(bench, firstByte: firstByte) else {
            return print("  the second preview did not play")
        }
        let (_, secondPeak) = streaming(for: .seconds(2))
        print(
            "  a second preview: Play → first sound \(Measure.milliseconds(second.sound))  (first byte "
                + "\(Measure.milliseconds(second.served)); ratio \(Measure.ratio(second.sound, second.served))); "
                + "RSS +\(RSS.megabytes(secondPeak - before)) over the stopped first")

        // A slow network: the server answers 300 ms after each request, as a distant store does.
        latency.withLock { $0 = .milliseconds(300) }
        guard let slow = replay(bench, firstByte: firstByte) else { return print("  the slow preview did not play") }
        print(
            "  from a server 300 ms away: Play → first sound \(Measure.milliseconds(slow.sound))  (Play → first byte "
                + "\(Measure.milliseconds(slow.served)); ratio \(Measure.ratio(slow.sound, slow.served)); target 1.5×)")
    }

    /// Stops what plays, then plays the preview again.
    private static func replay(_ bench: BenchWindow, firstByte: borrowing Mutex<ContinuousClock.Instant?>) -> Timing? {
        bench.main.preview.stop()
        MainContext.spin(until: { false }, timeout: .milliseconds(500))
        firstByte.withLock { $0 = nil }
        return play(bench, firstByte: firstByte)
    }

    /// From Play: to the first sound, to the position moving, and to the server's first byte.
    private typealias Timing = (sound: Duration, moving: Duration, served: Duration)

    private static func play(_ bench: BenchWindow, firstByte: borrowing Mutex<ContinuousClock.Instant?>) -> Timing? {
        let start = ContinuousClock.now
        var sound: ContinuousClock.Instant?
        _ = bench.main.window.activateAction("win.play-preview")
        let moved = MainContext.spin(
            until: {
                if sound == nil, let stream = bench.main.preview.stream, stream.isPrepared, stream.isPlaying {
                    sound = .now
                }
                return bench.main.preview.status == .playing && bench.main.preview.position > 0
            }, timeout: .seconds(10))
        guard moved, let sound else { return nil }
        return (sound - start, ContinuousClock.now - start, (firstByte.withLock { $0 } ?? start) - start)
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
