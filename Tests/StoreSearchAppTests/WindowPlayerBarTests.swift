import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #45: Play All went on after Back with no Pause or Stop anywhere in the window (Ctrl+P did
/// nothing on an item without a preview), and tracks that never started took 10 s each while
/// MPRIS said Playing. A player bar now stays while anything plays, and the queue skips a track
/// that has not started within 3 s. Real sound server (a null sink), local store.
final class WindowPlayerBarTests: XCTestCase {
    private static let preview = try! Data(
        contentsOf: Bundle.module.url(forResource: "Fixtures/preview-440hz-3s", withExtension: "m4a")!)

    @MainActor
    private static func mprisStatus() -> String {
        MPRISCall.call([
            "--method", "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player", "PlaybackStatus",
        ])
    }

    /// Opens Album 0's page from a search for "jack" (its five tracks have previews).
    @MainActor
    private static func openAlbumPage(_ harness: WindowHarness) {
        let main = harness.main
        harness.search("jack")
        harness.select("Album 0")
        harness.form.ui.tracksButton.click()
        XCTAssertTrue(
            MainContext.spin(
                until: { main.visiblePage == .results && harness.names.count >= 3 && !main.isFillingResults },
                timeout: .seconds(15)), "\(harness.names)")
    }

    func testPlayAllGoesOnAfterBackWithABarThatPausesResumesGoesNextAndStops() throws {
        let lookups = WindowBrowseTests.Shared<[[String: String]]>([])
        let previewBase = WindowBrowseTests.Shared("")
        try WindowHarness.withWindow(
            answeringSearches: WindowBrowseTests.searchAnswer,
            routes: { server in
                WindowBrowseTests.lookupRoute(lookups, previewBase: previewBase)(server)
                server.route("/preview/") { _ in LocalServerResponse(contentType: "audio/mp4", body: Self.preview) }
            }
        ) { harness in
            let main = harness.main
            let base = main.environment.search.baseURL.absoluteString
            previewBase.withLock { $0 = base.hasSuffix("/") ? String(base.dropLast()) : base }
            let preview = main.preview, revealer = main.playerBar.revealer
            XCTAssertFalse(revealer.isVisible, "no bar while nothing plays")
            Self.openAlbumPage(harness)
            XCTAssertTrue(
                main.browse.playAllButton.mappedLabelTexts.contains("Play All"), "the button says what it does")
            XCTAssertTrue(main.window.activateAction("win.play-all-previews"))
            XCTAssertTrue(
                MainContext.spin(until: { preview.status == .playing }, timeout: .seconds(10)), "\(preview.status)")
            XCTAssertTrue(revealer.isVisible && revealer.isRevealed, "the bar shows while it plays")

            // Back to the search; the queue plays on, and the album (no preview of its own) is open.
            XCTAssertTrue(main.window.activateAction("win.browse-back"))
            XCTAssertTrue(MainContext.spin(until: { harness.names.count == 3 }), "\(harness.names)")
            harness.select("Album 0")
            XCTAssertTrue(main.browse.queue.isPlaying, "Play All goes on after Back")
            XCTAssertTrue(revealer.isVisible, "and so does its bar")
            XCTAssertEqual(main.playerBar.ui.playerTitle.text, preview.current?.name, "the bar names what plays")
            XCTAssertEqual(main.playerBar.ui.playerArtist.text, "Jack Johnsen")

            // Ctrl+P on an item without a preview pauses what plays, and resumes it.
            XCTAssertTrue(MainContext.spin(until: { preview.status == .playing }, timeout: .seconds(10)))
            XCTAssertTrue(main.window.activateAction("win.play-preview"), "Ctrl+P is not disabled")
            XCTAssertTrue(MainContext.spin(until: { preview.status == .paused }), "\(preview.status)")
            XCTAssertTrue(main.browse.queue.isPlaying, "paused, not ended")
            let bar = main.playerBar.ui
            XCTAssertTrue(bar.playerPauseButton.hasAccessibleLabel("Resume Playback"), "the bar offers to resume")
            // Mapped at the bar's next layout: a loaded machine may not have drawn a frame since Back.
            XCTAssertTrue(MainContext.spin(until: { bar.playerPauseButton.isMapped }), "the bar is on screen")
            bar.playerPauseButton.click()
            XCTAssertTrue(MainContext.spin(until: { preview.status == .playing }, timeout: .seconds(10)))

            // The bar's Next, then its Pause, then Stop.
            let before = try XCTUnwrap(preview.current?.name)
            XCTAssertTrue(MainContext.spin(until: { bar.playerNextButton.isMapped }))
            XCTAssertTrue(bar.playerNextButton.hasAccessibleLabel("Next Track"))
            bar.playerNextButton.click()
            XCTAssertTrue(
                MainContext.spin(
                    until: { preview.current?.name != before && preview.status == .playing }, timeout: .seconds(10)),
                "Next plays the following track: \(preview.current?.name ?? "none") \(preview.status)")
            XCTAssertEqual(bar.playerTitle.text, preview.current?.name)
            XCTAssertTrue(bar.playerPauseButton.hasAccessibleLabel("Pause Playback"))
            bar.playerPauseButton.click()
            XCTAssertTrue(MainContext.spin(until: { preview.status == .paused }), "\(preview.status)")
            XCTAssertTrue(Self.mprisStatus().contains("'Paused'"))
            XCTAssertTrue(bar.playerStopButton.isMapped && bar.playerStopButton.hasAccessibleLabel("Stop Playback"))
            bar.playerStopButton.click()
            XCTAssertEqual(preview.status, .stopped)
            XCTAssertFalse(main.browse.queue.isPlaying, "Stop ends the queue")
            XCTAssertFalse(revealer.isVisible, "and the bar goes")
            XCTAssertFalse(bar.playerStopButton.isMapped)
        }
    }

    /// A window over a store whose Album 0 has three tracks, their previews asked of a server that
    /// never answers; `body` gets the window and the preview requests made so far.
    private static func withAlbumOfStalledPreviews(
        _ body: @MainActor (WindowHarness, WindowBrowseTests.Shared<[String]>) throws -> Void
    ) throws {
        let previewBase = WindowBrowseTests.Shared("")
        let previewRequests = WindowBrowseTests.Shared<[String]>([])
        try WindowHarness.withWindow(
            answeringSearches: WindowBrowseTests.searchAnswer,
            routes: { server in
                // Album 0 with its first three tracks, whose previews are asked of a server that never answers.
                server.route("/lookup") { request in
                    guard request.query["id"] == "1900000" else {
                        return LocalServerResponse(body: Data(#"{"resultCount":0,"results":[]}"#.utf8))
                    }
                    var answer =
                        try! JSONSerialization.jsonObject(with: WindowBrowseTests.fixture("album-tracks.json"))
                        as! [String: Any]
                    let results = Array((answer["results"] as! [Any]).prefix(4))  // the album and three tracks
                    answer["results"] = results
                    answer["resultCount"] = results.count
                    let text = String(decoding: try! JSONSerialization.data(withJSONObject: answer), as: UTF8.self)
                        .replacingOccurrences(
                            of: #"https:\/\/audio-ssl.itunes.apple.com\/itunes-assets\/AudioPreview\/"#,
                            with: previewBase.withLock { $0 } + "/preview/"
                        )
                        .replacingOccurrences(
                            of: "https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview/",
                            with: previewBase.withLock { $0 } + "/preview/")
                    return LocalServerResponse(body: Data(text.utf8))
                }
                server.route("/preview/") { request in
                    previewRequests.withLock { $0.append(request.path) }
                    return .neverAnswering()
                }
            }
        ) { harness in
            let main = harness.main
            let base = main.environment.search.baseURL.absoluteString
            previewBase.withLock { $0 = base.hasSuffix("/") ? String(base.dropLast()) : base }
            try body(harness, previewRequests)
        }
    }

    func testPlayAllSkipsTracksThatNeverStartAndMPRISDoesNotSayPlayingMeanwhile() throws {
        try Self.withAlbumOfStalledPreviews { harness, previewRequests in
            let main = harness.main
            let preview = main.preview, queue = main.browse.queue
            Self.openAlbumPage(harness)
            XCTAssertEqual(harness.names.count, 3, "\(harness.names)")
            var tried: [String] = []
            queue.trackChanged.subscribe { item in if let item { tried.append(item.name) } }
            let start = ContinuousClock.now
            XCTAssertTrue(main.window.activateAction("win.play-all-previews"))
            XCTAssertEqual(preview.status, .loading)
            MainContext.spin(until: { false }, timeout: .milliseconds(800))
            XCTAssertEqual(preview.status, .loading, "the first track still loads")
            let status = Self.mprisStatus()
            XCTAssertFalse(status.contains("Playing"), "MPRIS does not say Playing while it loads: \(status)")
            XCTAssertTrue(status.contains("'Stopped'"), status)
            XCTAssertTrue(
                MainContext.spin(until: { !queue.isPlaying }, timeout: .seconds(15)),
                "the queue ends: \(tried)")
            let elapsed = ContinuousClock.now - start
            XCTAssertLessThan(elapsed, .seconds(12), "each track was given about 3 s, not 10")
            XCTAssertEqual(tried, ["Opening", "Second Wind", "Album Only Interlude"], "every track was tried, in turn")
            XCTAssertEqual(previewRequests.withLock { $0.count }, 3, "each asked of the server")
            XCTAssertFalse(main.playerBar.revealer.isVisible, "nothing plays: no bar")
        }
    }

    /// The bar's Pause on a track still loading keeps it, paused (not skipped, MPRIS Paused);
    /// Resume loads it again, and Play All goes on when it does not start.
    func testPausingATrackThatIsStillLoadingKeepsItUntilResumed() throws {
        try Self.withAlbumOfStalledPreviews { harness, _ in
            let main = harness.main, preview = main.preview, bar = main.playerBar.ui
            Self.openAlbumPage(harness)
            XCTAssertTrue(main.window.activateAction("win.play-all-previews"))
            XCTAssertEqual(preview.status, .loading)
            XCTAssertTrue(bar.playerPauseButton.hasAccessibleLabel("Pause Playback"), "loading, it can be paused")
            bar.playerPauseButton.click()
            XCTAssertEqual(preview.status, .paused)
            MainContext.spin(until: { false }, timeout: PreviewQueue.startLimit + .seconds(1))
            XCTAssertEqual(preview.current?.name, "Opening", "a paused track is not skipped")
            XCTAssertEqual(preview.status, .paused)
            XCTAssertTrue(Self.mprisStatus().contains("'Paused'"))
            XCTAssertTrue(bar.playerPauseButton.hasAccessibleLabel("Resume Playback"))
            bar.playerPauseButton.click()
            XCTAssertEqual(preview.status, .loading, "resumed, it loads again")
            XCTAssertTrue(
                MainContext.spin(until: { preview.current?.name == "Second Wind" }, timeout: .seconds(5)),
                "and is skipped when it does not start: \(preview.current?.name ?? "none")")
            preview.stop()
        }
    }
}
