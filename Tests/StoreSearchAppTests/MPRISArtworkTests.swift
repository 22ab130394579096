import Foundation
import Gtk
import StoreSearchCore
import Synchronization
import TestSupport
import XCTest
@testable import StoreSearchApp

/// Issue #41, item 4: the cover GNOME Shell's media controls show (`mpris:artUrl`, read on the
/// session bus as the Shell reads it) is a `file://` URL of artwork the app already has, never an
/// http link the Shell would have to download (without gvfs it drew an empty square).
final class MPRISArtworkTests: XCTestCase {
    private static let preview = try! Data(
        contentsOf: Bundle.module.url(forResource: "Fixtures/preview-440hz-3s", withExtension: "m4a")!)

    /// What the store's threads and the test share.
    private final class Shared: Sendable {
        let address = Mutex("")
        /// Artwork is answered once this is set.
        let artworkReady = Mutex(true)
        let artworkRequests = Mutex<[String]>([])
    }

    /// One song with artwork and a preview.
    private final class Store: Sendable {
        let shared = Shared()
        let server: ScriptedServer

        init() throws {
            let shared = shared
            let cover = MainLoop.coverJPEG()
            server = ScriptedServer { connection in
                guard connection.readRequest() else { return }
                let target = connection.target, base = shared.address.withLock { $0 }
                if target.hasPrefix("/search") {
                    let body = Data(
                        #"{"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":7,"trackName":"Cover Song","artistName":"Band","trackPrice":1.29,"currency":"USD","artworkUrl100":"\#(base)/art/100x100bb.jpg","previewUrl":"\#(base)/preview.m4a"}]}"#
                            .utf8)
                    connection.writeHead(headers: ["Content-Type": "text/javascript"], contentLength: body.count)
                    connection.write(body)
                } else if target.hasPrefix("/art/") {
                    shared.artworkRequests.withLock { $0.append(target) }
                    // The server's side of a slow CDN, not the test's synchronization.
                    while !shared.artworkReady.withLock({ $0 }) { usleep(20_000) }
                    connection.writeHead(headers: ["Content-Type": "image/jpeg"], contentLength: cover.count)
                    connection.write(cover)
                } else if target.hasPrefix("/preview.m4a") {
                    connection.writeHead(
                        headers: ["Content-Type": "audio/mp4"], contentLength: MPRISArtworkTests.preview.count)
                    connection.write(MPRISArtworkTests.preview)
                } else {
                    connection.writeHead(status: 404, contentLength: 0)
                }
                connection.close()
            }
            let url = try server.start().absoluteString
            shared.address.withLock { $0 = url.hasSuffix("/") ? String(url.dropLast()) : url }
        }

        var artworkRequests: [String] { shared.artworkRequests.withLock { $0 } }
        func setArtworkReady(_ ready: Bool) { shared.artworkReady.withLock { $0 = ready } }
    }

    /// The player's Metadata as the Shell reads it.
    @MainActor
    private static func metadata() -> String {
        MPRISCall.call([
            "--method", "org.freedesktop.DBus.Properties.Get", "org.mpris.MediaPlayer2.Player", "Metadata",
        ])
    }

    /// The `mpris:artUrl` in gdbus's or dbus-monitor's text, if any.
    /// The last cover `text` names (a larger one may follow the first: each is announced).
    private static func artURL(in text: String) -> URL? {
        // gdbus: 'mpris:artUrl': <'URL'>; dbus-monitor: string "mpris:artUrl" variant string "URL"
        guard let match = text.matches(of: /mpris:artUrl['"][^'"]*['"]([^'"]+)['"]/).last else { return nil }
        return URL(string: String(match.1))
    }

    func testTheCoverArrivingAfterThePreviewStartedIsAnnouncedAsALocalFile() throws {
        let store = try Store()
        defer { store.server.stop() }
        store.setArtworkReady(false)
        defer { store.setArtworkReady(true) }  // a failed test leaves no request waiting
        let folder = MainLoop.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appending(path: "bus.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let monitor = try Self.startMonitor(writingTo: log)
        defer {
            monitor.terminate()
            monitor.waitUntilExit()
        }
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: store.server.baseURL!)
            defer { harness.dispose() }
            harness.search("band")
            harness.select("Cover Song")
            XCTAssertTrue(MainContext.spin(until: { !store.artworkRequests.isEmpty }))
            XCTAssertTrue(harness.main.window.activateAction("win.play-preview"))
            var metadata = ""
            XCTAssertTrue(
                MainContext.spin(until: {
                    metadata = Self.metadata(); return metadata.contains("Cover Song")
                }))
            XCTAssertFalse(metadata.contains("artUrl"), "no cover yet rather than an http link: \(metadata)")

            store.setArtworkReady(true)
            var announced: URL?
            XCTAssertTrue(
                MainContext.spin(until: {
                    announced = Self.artURL(in: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
                    return announced != nil
                }), "PropertiesChanged announces the cover once it arrives")
            let file = try XCTUnwrap(announced)
            XCTAssertTrue(file.isFileURL, "\(file)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: file.path), "\(file.path) exists")
            XCTAssertTrue(file.path.hasPrefix(harness.paths.artworkCacheDirectory.path), "in the artwork cache")
            // Metadata says what was announced last (a larger cover, arriving later, is announced too).
            var lastAnnounced: URL?
            MainContext.spin(until: {
                lastAnnounced = Self.artURL(in: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
                return Self.artURL(in: Self.metadata()) == lastAnnounced
            })
            XCTAssertEqual(Self.artURL(in: Self.metadata()), lastAnnounced, "and Metadata says the same")
            XCTAssertFalse(
                store.artworkRequests.contains { $0.contains("600x600") },
                "nothing is downloaded for the media controls")
            harness.main.preview.stop()
        }
    }

    func testACoverOnlyInMemoryIsWrittenIntoTheCacheFolder() throws {
        let store = try Store()
        defer { store.server.stop() }
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: store.server.baseURL!)
            defer { harness.dispose() }
            harness.search("band")
            harness.select("Cover Song")
            XCTAssertTrue(
                MainContext.spin(until: {
                    !harness.form.isLoadingArtwork && harness.form.ui.detailArtwork.texture != nil
                }))
            // The downloads' cached copies are gone (evicted, or never written): only memory has the image.
            let cache = harness.paths.artworkCacheDirectory
            // Twice: a download's cached copy may still be being written the first time.
            for _ in 0..<2 {
                for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) {
                    do {
                        try FileManager.default.removeItem(at: cache.appending(path: name))
                    } catch let error as CocoaError where error.code == .fileNoSuchFile {
                        continue  // a copy being written (`.part`) was renamed into place since the listing
                    }
                }
                _ = MainContext.spin(until: { false }, timeout: .milliseconds(500))
            }
            XCTAssertTrue(harness.main.window.activateAction("win.play-preview"))
            var art: URL?
            XCTAssertTrue(
                MainContext.spin(until: {
                    art = Self.artURL(in: Self.metadata()); return art != nil
                }))
            let file = try XCTUnwrap(art)
            XCTAssertTrue(file.isFileURL, "\(file)")
            XCTAssertTrue(file.path.hasPrefix(cache.path), "written into the artwork cache: \(file.path)")
            XCTAssertEqual(file.pathExtension, "png", "the decoded image, encoded from memory")
            let data = try Data(contentsOf: file)
            XCTAssertNotNil(Texture(data: data), "a picture the Shell can read")
            harness.main.preview.stop()
        }
    }

    /// dbus-monitor, writing the player's PropertiesChanged signals to `log`.
    private static func startMonitor(writingTo log: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-monitor")
        process.arguments = [
            "--session",
            "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='/org/mpris/MediaPlayer2'",
        ]
        process.standardOutput = try FileHandle(forWritingTo: log)
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}
