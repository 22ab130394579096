import Foundation
import HTTP
import StoreSearchCore

/// The bundled offline catalog served over real HTTP on 127.0.0.1: `/search` with the API's
/// parameters and answer shape, and `/artwork/...` with the images.
public final class CatalogServer: Sendable {
    /// Artwork URLs in the catalog file start with this; the server puts its own address there.
    static let artworkPlaceholder = "http://storesearch-catalog.invalid"

    private let server = LocalServer()
    private let index: CatalogIndex
    private let artworkDirectory: URL

    /// Loads `catalog.json` and the `artwork/` folder from `dataDirectory`.
    public init(dataDirectory: URL) throws {
        index = try CatalogIndex(catalog: Data(contentsOf: dataDirectory.appending(path: "catalog.json")))
        artworkDirectory = dataDirectory.appending(path: "artwork")
    }

    public var itemCount: Int { index.count }

    /// Starts serving and returns the base URL to search.
    public func start() throws -> URL {
        let index = index
        let artworkDirectory = artworkDirectory
        let placeholder = Data(Self.artworkPlaceholder.utf8)
        // The base URL is known only once listening; handlers read it from the server.
        let server = server
        server.route("/search") { request in
            let body = index.responseBody(term: request.query["term"] ?? "", entity: request.query["entity"],
                                          limit: request.query["limit"].flatMap(Int.init) ?? 50)
            let base = Data((server.baseURL?.absoluteString ?? "").utf8)
            return LocalServerResponse(contentType: "text/javascript; charset=utf-8", body: body.replacing(placeholder, with: base))
        }
        server.route("/artwork/") { request in
            guard let file = CatalogServer.artworkFile(for: request.path, in: artworkDirectory),
                  let data = FileManager.default.contents(atPath: file.path) else {
                return LocalServerResponse(status: 404, text: "No such image")
            }
            return LocalServerResponse(contentType: "image/jpeg", body: data)
        }
        return try server.start()
    }

    public func stop() { server.stop() }

    /// The catalog has each cover at 100 and 600 pixels; like the real image server, any
    /// "NxNbb.jpg" is answered, with the nearest size.
    static func artworkFile(for path: String, in directory: URL) -> URL? {
        let parts = path.dropFirst("/artwork/".count).split(separator: "/")
        guard parts.count == 2, !parts.contains(where: { $0.hasPrefix(".") }),
              let pixels = parts[1].split(separator: "x").first.flatMap({ Int($0) }) else { return nil }
        return directory.appending(path: String(parts[0])).appending(path: pixels > 100 ? "600x600bb.jpg" : "100x100bb.jpg")
    }

    /// Requests served so far (tests and benchmarks count them).
    public var requestCount: Int { server.requestCount }
    /// The searches received so far, with their parameters.
    public var searchRequests: [LocalServerRequest] { server.requests.filter { $0.path == "/search" } }
}
