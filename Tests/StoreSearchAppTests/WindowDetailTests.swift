import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// The detail pane: a placeholder for missing artwork, each item opens at its top, and its
/// actions stay in view.
final class WindowDetailTests: XCTestCase {
    /// Two songs with a long description; the first one's images are broken (not JPEG).
    private static func store() throws -> (CountingServer, URL) {
        let server = CountingServer()
        server.route("/search") { _ in
            let base = server.baseURL!.absoluteString
            let long = String(repeating: "A very long description of this song. ", count: 80)
            let records: [[String: Any]] = (0..<2).map { index in
                [
                    "wrapperType": "track", "kind": "song", "trackId": 70 + index, "trackName": "Song \(index)",
                    "artistName": "Band", "trackPrice": 0.99, "currency": "USD", "longDescription": long,
                    "artworkUrl100": "\(base)/art/\(index)/100x100bb.jpg",
                ]
            }
            let body = try! JSONSerialization.data(withJSONObject: ["resultCount": 2, "results": records])
            return LocalServerResponse(contentType: "text/javascript; charset=utf-8", body: body)
        }
        server.route("/art/0/") { _ in LocalServerResponse(contentType: "image/jpeg", text: "not an image") }
        server.route("/art/1/") { _ in
            LocalServerResponse(contentType: "image/jpeg", body: MainLoop.coverJPEG(1, size: 600))
        }
        return (server, try server.start())
    }

    func testBrokenArtworkShowsAPlaceholderAndEachItemOpensAtTheTop() throws {
        let (server, base) = try Self.store()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, size: (360, 640))
            defer { harness.dispose() }
            let form = harness.form
            harness.search("song")
            harness.select("Song 0")
            XCTAssertTrue(
                MainContext.spin(until: { server.requestCount(path: "/art/0/200x200bb.jpg") == 1 }),
                "the detail asks for the 200 px it shows (#19), not 600")
            XCTAssertTrue(MainContext.spin(until: { !form.isLoadingArtwork }), "the broken image is refused")
            XCTAssertEqual(
                form.ui.artworkStack.visible(DetailForm.ArtworkPage.self), .placeholder,
                "no blank hole for broken artwork")
            XCTAssertTrue(
                form.ui.hideButton.isMapped && form.ui.viewStoreButton.isMapped,
                "the actions show without scrolling, however long the description")
            XCTAssertTrue(MainContext.spin(until: { form.ui.detailScroller.verticalUpperBound > 1000 }), "a long page")
            form.ui.detailScroller.verticalOffset = 800

            harness.main.backButton.click()
            harness.select("Song 1")
            XCTAssertEqual(form.ui.detailScroller.verticalOffset, 0, "the next item opens at its artwork")
            XCTAssertTrue(
                MainContext.spin(until: { form.ui.artworkStack.visible(DetailForm.ArtworkPage.self) == .artwork }),
                "its artwork arrives")
        }
    }
}
