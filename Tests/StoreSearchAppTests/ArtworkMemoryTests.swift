import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import XCTest
@testable import StoreSearchApp

/// Issue #14: images decode at the size they are shown; one claiming far more pixels than its
/// use needs is refused from its header, before its pixels cost memory.
final class ArtworkMemoryTests: XCTestCase {
    func testImagesDecodeAtTheSizeTheyAreShown() throws {
        try MainActor.assumeIsolated {
            let large = MainLoop.coverJPEG(5, size: 600)
            let thumbnail = try XCTUnwrap(try MainLoop.run { await ArtworkLoader.decode(large, pixelSize: 96) })
            XCTAssertEqual(thumbnail.width, 96)
            XCTAssertEqual(thumbnail.height, 96)
            let png = Texture.blank(width: 1000, height: 500).pngData()!
            let scaled = try XCTUnwrap(try MainLoop.run { await ArtworkLoader.decode(png, pixelSize: 96) })
            XCTAssertEqual([scaled.width, scaled.height], [96, 48], "aspect kept")
            let small = try XCTUnwrap(
                try MainLoop.run { await ArtworkLoader.decode(MainLoop.coverJPEG(5), pixelSize: 600) })
            XCTAssertEqual(small.width, 100, "never scaled up")
        }
    }

    func testImageClaimingHugeSizeIsRefusedBeforeDecoding() throws {
        try MainActor.assumeIsolated {
            let bomb = Texture.blank(width: 4096, height: 4096).pngData()!
            XCTAssertLessThan(bomb.count, 200_000, "a few kilobytes on the wire")
            XCTAssertNil(try MainLoop.run { await ArtworkLoader.decode(bomb, pixelSize: 96) })
            XCTAssertNil(try MainLoop.run { await ArtworkLoader.decode(bomb, pixelSize: 1200) })
        }
    }

    /// 200 results whose artwork is each a 64 KB PNG of 4096×4096 (64 MB decoded): the window
    /// asks for every one of them (scrolled through) and its memory stays flat.
    func testImageBombKeepsTheWindowsMemoryFlat() throws {
        let bomb = MainActor.assumeIsolated { Texture.blank(width: 4096, height: 4096).pngData()! }
        let server = CountingServer()
        server.route("/search") { _ in
            let records = (0..<200).map { index in
                """
                {"wrapperType":"track","kind":"song","trackId":\(700_000 + index),"trackName":"Bomb \(index)",\
                "artistName":"Artist","trackPrice":0.99,"currency":"USD",\
                "artworkUrl100":"\(server.baseURL!.absoluteString)/bomb/\(index)/100x100bb.png"}
                """
            }
            return LocalServerResponse(
                body: Data("{\"resultCount\":200,\"results\":[\(records.joined(separator: ","))]}".utf8))
        }
        server.route("/bomb/") { _ in LocalServerResponse(contentType: "image/png", body: bomb) }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer {
                harness.dispose()
                try? FileManager.default.removeItem(at: harness.paths.dataDirectory.deletingLastPathComponent())
            }
            MainContext.spin(until: { false }, timeout: .milliseconds(300))
            let before = Self.residentBytes()
            var peak = before
            harness.search("bomb")
            XCTAssertEqual(harness.main.shownItems.count, 200)
            var row = 0
            let done = MainContext.spin(
                until: {
                    peak = max(peak, Self.residentBytes())
                    if row < 200 {
                        harness.main.resultsList.scroll(to: row)
                        row += 5
                    }
                    return server.requestCount(path: "/search") + 200 <= server.requestCount
                }, timeout: .seconds(60))
            XCTAssertTrue(done, "every row asked for its image: \(server.requestCount - 1) requests")
            MainContext.spin(until: { false }, timeout: .milliseconds(500))
            peak = max(peak, Self.residentBytes())
            XCTAssertLessThan(peak - before, 100 << 20, "RSS grew from \(before >> 20) MB to \(peak >> 20) MB")
            XCTAssertFalse(
                harness.main.shownItems.contains {
                    harness.environment.artwork.cachedTexture(for: $0.result.artworkURL!) != nil
                })
        }
    }

    private static func residentBytes() -> Int {
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }
}

final class ArtworkDiskCacheSweepTests: XCTestCase {
    /// A crash mid-write leaves ".NAME.UUID.part"; the next start removes it, and only it.
    func testStrayPartialFilesAreRemovedAtStart() throws {
        let directory = MainLoop.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stray = directory.appending(path: ".abc.1234.part")
        let kept = directory.appending(path: "abc")
        try Data("partial".utf8).write(to: stray)
        try Data("image".utf8).write(to: kept)
        MainActor.assumeIsolated {
            _ = ArtworkLoader(client: HTTPClient(), cacheDirectory: directory)
            XCTAssertTrue(
                MainContext.spin(until: { !FileManager.default.fileExists(atPath: stray.path) }, timeout: .seconds(10)))
            XCTAssertTrue(FileManager.default.fileExists(atPath: kept.path))
        }
    }
}
