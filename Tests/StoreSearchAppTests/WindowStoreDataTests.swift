import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #19: rows that would read the same name their season, an app's screenshots load in the
/// detail, and the grid asks for covers at the size it shows them.
final class WindowStoreDataTests: XCTestCase {
    private static func store() throws -> CountingServer {
        let server = CountingServer()
        server.route("/search") { _ in
            let base = server.baseURL!.absoluteString
            let body = """
                {"resultCount":4,"results":[
                {"wrapperType":"track","kind":"tv-episode","trackId":11,"collectionId":1,"trackName":"Pilot","artistName":"The Show","collectionName":"The Show, Season 1","trackPrice":2.99,"currency":"USD","artworkUrl100":"\(base)/art/1/100x100bb.jpg"},
                {"wrapperType":"track","kind":"tv-episode","trackId":12,"collectionId":2,"trackName":"Pilot","artistName":"The Show","collectionName":"The Show, The Complete Series","trackPrice":-1,"collectionPrice":49.99,"currency":"USD","artworkUrl100":"\(base)/art/2/100x100bb.jpg"},
                {"wrapperType":"software","kind":"software","trackId":13,"trackName":"Show Tracker","artistName":"Maker","price":0,"currency":"USD","artworkUrl100":"\(base)/art/3/100x100bb.jpg",
                 "screenshotUrls":["\(base)/shot/1.jpg","\(base)/shot/2.jpg","\(base)/shot/3.jpg"],"ipadScreenshotUrls":["\(base)/shot/4.jpg"]},
                {"wrapperType":"software","kind":"software","trackId":14,"trackName":"Show Planner","artistName":"Maker","price":0,"currency":"USD",
                 "screenshotUrls":["\(base)/gone/1.jpg","\(base)/gone/2.jpg"]}]}
                """
            return LocalServerResponse(body: Data(body.utf8))
        }
        server.route("/art/") { _ in LocalServerResponse(contentType: "image/jpeg", body: MainLoop.coverJPEG(2)) }
        server.route("/shot/") { _ in
            LocalServerResponse(contentType: "image/jpeg", body: MainLoop.coverJPEG(4, size: 600))
        }
        _ = try server.start()
        return server
    }

    /// Issue #30: the mouse wheel scrolls the detail with the pointer over the screenshots too
    /// (the sideways strip took the wheel and the page stopped under the pointer).
    func testTheWheelOverTheScreenshotsScrollsTheDetail() throws {
        let server = try Self.store()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: server.baseURL!, size: (1024, 480))
            defer { harness.dispose() }
            harness.search("show")
            harness.select("Show Tracker")
            let strip = harness.form.screenshots
            XCTAssertTrue(MainContext.spin(until: { strip.loadedCount == 4 }, timeout: .seconds(10)))
            let form = harness.form.ui.detailScroller
            // Scroll the form until the strip is near its top, with room to scroll on below.
            guard let top = strip.scroller.bounds(in: form)?.y else { return XCTFail("the strip is not laid out") }
            form.verticalOffset = max(0, form.verticalOffset + top - 40)
            _ = MainContext.spin(until: { false }, timeout: .milliseconds(300))
            let before = form.verticalOffset
            XCTAssertLessThan(
                before + Double(form.allocatedHeight) + 30, form.verticalUpperBound, "the form can scroll on")
            harness.scrollWheel(over: strip.scroller, clicks: 2)
            XCTAssertTrue(
                MainContext.spin(until: { form.verticalOffset > before + 20 }, timeout: .seconds(3)),
                "the wheel over the screenshots scrolls the form: \(before) → \(form.verticalOffset)")
        }
    }

    func testLookAlikeRowsNameTheirSeasonScreenshotsLoadAndTheGridAsksForItsSize() throws {
        let server = try Self.store()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: server.baseURL!)
            defer { harness.dispose() }
            harness.search("show")
            XCTAssertEqual(
                harness.main.results.views.lookAlikes.ids, ["track:11", "track:12"], "the two Pilots name their season")

            harness.select("Show Tracker")
            let strip = harness.form.screenshots
            XCTAssertEqual(strip.count, 4, "iPhone and iPad screenshots")
            XCTAssertTrue(
                MainContext.spin(until: { strip.loadedCount == 4 }, timeout: .seconds(10)),
                "\(strip.loadedCount) of 4 loaded")
            XCTAssertTrue(harness.main.window.descendant(accessibleLabel: "Screenshot 1 of 4") != nil)

            harness.select("Show Planner")
            XCTAssertEqual(strip.count, 2)
            XCTAssertTrue(
                MainContext.spin(until: { !strip.scroller.isVisible }),
                "screenshots that cannot be had leave no empty strip")
            harness.select("Show Tracker")
            XCTAssertTrue(strip.scroller.isVisible)
            harness.select("Show Planner")  // its failures are known now, and come back at once
            XCTAssertFalse(strip.scroller.isVisible, "nor when the app is opened again")

            harness.main.gridViewButton.click()
            XCTAssertTrue(
                MainContext.spin(until: { server.requests.contains { $0.path.hasSuffix("/112x112bb.jpg") } }),
                "grid tiles ask for the 112 px they show: \(server.requests.map(\.path))")
        }
    }

    func testLookAlikesAreOnlyRowsThatReadTheSame() {
        func episode(_ id: Int, _ name: String, season: String?) -> Item {
            Item(
                result: SearchResult(
                    id: "track:\(id)", name: name, artist: "Show", kind: .tvEpisode, collectionName: season))
        }
        let items = [
            episode(1, "Pilot", season: "Season 1"), episode(2, "Pilot", season: "Bundle"),
            episode(3, "Finale", season: "Season 1"),
            episode(4, "Twin", season: nil), episode(5, "Twin", season: nil),
        ]
        XCTAssertEqual(
            LookAlikes.ids(in: items), ["track:1", "track:2"], "rows with nothing to tell them apart stay as they are")
    }
}
