import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

final class CatalogServerTests: XCTestCase {
    func testCatalogAnswersDecodeAndHonourEntityAndLimit() throws {
        let catalog = try CatalogServer(
            dataDirectory: MainLoop.repository.appending(path: "data"), server: CountingServer())
        XCTAssertGreaterThanOrEqual(catalog.itemCount, 1000)
        let base = try catalog.start()
        defer { catalog.stop() }
        try MainActor.assumeIsolated {
            let client = HTTPClient()
            @MainActor func search(_ query: SearchQuery) throws -> [SearchResult] {
                let response = try MainLoop.run { try await client.get(query.url(base: base)) }
                return try SearchResponseDecoder.decode(response.body)
            }
            let all = try search(SearchQuery(term: "tarkan"))
            XCTAssertTrue(all.contains { $0.name == "Şımarık" })
            XCTAssertTrue(
                try search(SearchQuery(term: "CAFE")).contains { $0.name.contains("Café") },
                "case- and accent-insensitive")
            let apps = try search(SearchQuery(term: "pro", category: .software))
            XCTAssertFalse(apps.isEmpty)
            XCTAssertTrue(apps.allSatisfy { $0.kind == .app })
            XCTAssertTrue(
                try search(SearchQuery(term: "the", category: .audiobooks)).allSatisfy { $0.kind == .audiobook })
            XCTAssertEqual(try search(SearchQuery(term: "e", limit: 7)).count, 7)
            let artwork = try XCTUnwrap(all.first?.artworkURL)
            XCTAssertEqual(
                artwork.host, CatalogServer.artworkOrigin.host, "artwork URLs keep the catalog's fixed origin")
            // The artwork loader reads it from the bundled folder (the server has no image route).
            let file = try XCTUnwrap(
                CatalogServer.bundledArtworkFile(
                    for: artwork, dataDirectory: MainLoop.repository.appending(path: "data")))
            XCTAssertEqual(try Data(contentsOf: file).prefix(2), Data([0xFF, 0xD8]))
        }
    }

    /// Issue #11: the bundled art has one URL and one cache key whatever port the server got, and
    /// loads with no server at all (an item hidden offline shows its art after a restart online).
    func testTwoStartsGiveTheSameArtworkURLsAndCacheKeys() throws {
        let data = MainLoop.repository.appending(path: "data")
        try MainActor.assumeIsolated {
            var urls: [URL] = []
            for _ in 0..<2 {
                let catalog = try CatalogServer(dataDirectory: data, server: CountingServer())
                let base = try catalog.start()
                let response = try MainLoop.run {
                    try await HTTPClient().get(SearchQuery(term: "tarkan").url(base: base))
                }
                catalog.stop()
                urls.append(try XCTUnwrap(try SearchResponseDecoder.decode(response.body).first?.artworkURL))
            }
            XCTAssertEqual(urls[0], urls[1])
            XCTAssertEqual(ArtworkLoader.Key(url: urls[0], pixels: 48), ArtworkLoader.Key(url: urls[1], pixels: 48))

            let cache = MainLoop.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: cache) }
            let loader = ArtworkLoader(client: HTTPClient(), cacheDirectory: cache)
            loader.serveFiles(for: CatalogServer.artworkOrigin) {
                CatalogServer.bundledArtworkFile(for: $0, dataDirectory: data)
            }
            var texture: Texture?
            loader.load(urls[0], pixelSize: 48) { texture = $0 }
            XCTAssertTrue(MainContext.spin(until: { texture != nil }, timeout: .seconds(10)), "no server running")
            XCTAssertEqual(loader.downloadCount, 0)
            XCTAssertEqual(
                try FileManager.default.contentsOfDirectory(atPath: cache.path), [], "nothing copied into the cache")
        }
    }

    /// Issue #11: `--offline` shows the window at once; a search sent while the catalog is still
    /// being read waits for it and gets its answer.
    func testOfflineWindowAppearsAtOnceAndItsFirstSearchWaitsForTheCatalog() throws {
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: URL(string: "http://127.0.0.1:9")!, offline: true)
            defer {
                harness.dispose()
                try? FileManager.default.removeItem(at: harness.paths.dataDirectory.deletingLastPathComponent())
            }
            XCTAssertTrue(harness.main.isOffline)
            harness.search("tarkan")
            XCTAssertTrue(harness.names.contains("Şımarık"), "\(harness.main.visiblePage): \(harness.main.errorText)")
        }
    }
}
