import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #45: Play All over tracks that never started took 10 s on each while MPRIS said
/// Playing. The queue now skips a track that has not started within 3 s, and MPRIS says Stopped
/// while it loads. Real sound server (a null sink), local store.
final class WindowPlayerBarTests: XCTestCase {
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

    func testPlayAllSkipsTracksThatNeverStartAndMPRISDoesNotSayPlayingMeanwhile() throws {
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
        }
    }
}
