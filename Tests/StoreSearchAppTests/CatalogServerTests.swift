import Foundation
import HTTP
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

final class CatalogServerTests: XCTestCase {
    func testCatalogAnswersDecodeAndHonourEntityAndLimit() throws {
        let catalog = try CatalogServer(dataDirectory: MainLoop.repository.appending(path: "data"))
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
            XCTAssertTrue(try search(SearchQuery(term: "CAFE")).contains { $0.name.contains("Café") }, "case- and accent-insensitive")
            let apps = try search(SearchQuery(term: "pro", category: .software))
            XCTAssertFalse(apps.isEmpty)
            XCTAssertTrue(apps.allSatisfy { $0.kind == .app })
            XCTAssertTrue(try search(SearchQuery(term: "the", category: .audiobooks)).allSatisfy { $0.kind == .audiobook })
            XCTAssertEqual(try search(SearchQuery(term: "e", limit: 7)).count, 7)
            let artwork = try XCTUnwrap(all.first?.artworkURL)
            XCTAssertEqual(artwork.host, "127.0.0.1", "artwork is served by the catalog server")
            let image = try MainLoop.run { try await client.get(artwork) }
            XCTAssertEqual(image.body.prefix(2), Data([0xFF, 0xD8]))
        }
    }
}
