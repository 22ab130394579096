import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import XCTest
@testable import StoreSearchApp

/// Issue #11 in the real window: the rows on screen get their thumbnails first, far rows are not
/// fetched until scrolled near, and after End every row scrolled past has its artwork.
final class ArtworkWindowTests: XCTestCase {
    func testVisibleRowsFirstThenOnlyTheNextScreenfulThenEverythingScrolledPast() throws {
        let server = CountingServer()
        let covers = (0..<20).map { MainLoop.coverJPEG($0) }
        server.route("/search") { _ in
            let records = (0..<200).map { index in
                """
                {"wrapperType":"track","kind":"song","trackId":\(800_000 + index),"trackName":"Song \(String(format: "%03d", index))",\
                "artistName":"Artist","trackPrice":0.99,"currency":"USD",\
                "artworkUrl100":"\(server.baseURL!.absoluteString)/art/\(index)/100x100bb.jpg"}
                """
            }
            return LocalServerResponse(
                body: Data("\n{\"resultCount\":200,\"results\":[\(records.joined(separator: ","))]}".utf8))
        }
        server.route("/art/") { request in
            let index = Int(request.path.split(separator: "/")[1]) ?? 0
            return LocalServerResponse(
                contentType: "image/jpeg", body: covers[index % covers.count], delay: .milliseconds(50))
        }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer {
                harness.dispose()
                try? FileManager.default.removeItem(at: harness.paths.dataDirectory.deletingLastPathComponent())
            }
            let loader = harness.environment.artwork
            let list = harness.main.resultsList
            let adjustment = ScrolledWindow(retaining: UnsafeMutableRawPointer(list.parent!.widget)).verticalAdjustment
            @MainActor func visibleRows() -> Range<Int> {
                let height = adjustment.upper / Double(list.model.count)
                return Int(
                    adjustment.value / height)..<Int(((adjustment.value + adjustment.pageSize) / height).rounded(.up))
            }
            @MainActor func hasArtwork(_ row: Int) -> Bool {
                loader.cachedTexture(for: harness.main.shownItems[row].result.artworkURL!) != nil
            }
            @MainActor func requestedRows() -> [Int] {
                server.requests.filter { $0.path.hasPrefix("/art/") }.map { Int($0.path.split(separator: "/")[1])! }
            }

            harness.search("song")
            XCTAssertEqual(harness.main.shownItems.count, 200)
            let visible = visibleRows()
            XCTAssertGreaterThan(visible.count, 3)
            XCTAssertTrue(MainContext.spin(until: { visible.allSatisfy(hasArtwork) }, timeout: .seconds(20)))
            MainContext.spin(until: { false }, timeout: .milliseconds(800))  // time for further requests to arrive
            let requested = requestedRows()
            XCTAssertTrue(
                Set(requested.prefix(6)).isSubset(of: Set(visible)), "visible rows first: \(requested) for \(visible)")
            XCTAssertLessThanOrEqual(
                requested.count, 2 * visible.count, "visible rows plus one screenful: \(requested)")
            XCTAssertEqual(Set(requested).count, requested.count, "each image once")

            list.scroll(to: 199)  // End
            XCTAssertTrue(
                MainContext.spin(until: { (0..<200).allSatisfy(hasArtwork) }, timeout: .seconds(30)),
                "\((0..<200).count(where: hasArtwork)) of 200 rows scrolled past have artwork")
        }
    }
}
