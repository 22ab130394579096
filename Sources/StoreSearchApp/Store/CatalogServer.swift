import Foundation
import Gtk
import HTTP
import StoreSearchCore

/// The bundled offline catalog served over real HTTP on 127.0.0.1: `/search` and `/lookup` with
/// the API's parameters and answer shape, and the store's charts (`/{country}/rss/{feed}/…/json`)
/// made of its items by kind.
///
/// Starting is cheap: the server listens at once and the 1.3 MB catalog is parsed on a thread
/// of its own (~80 ms); a search that arrives before it is ready waits for it. Artwork URLs in answers
/// keep the catalog's fixed origin (`artworkOrigin`), not the server's ephemeral port, so cache
/// keys and saved items stay valid across launches; the artwork loader reads those images
/// straight from the bundled folder (`bundledArtworkFile`).
public final class CatalogServer: Sendable {
    /// The origin of every artwork URL in the catalog file.
    public static let artworkOrigin = URL(string: "http://storesearch-catalog.invalid")!

    /// Internal: tests give one that logs its requests.
    let server: LocalServer
    private let catalogFile: URL
    private let index = CatalogIndexLoader()

    /// Uses `catalog.json` of `dataDirectory`; throws if the catalog is missing.
    public init(dataDirectory: URL, server: LocalServer = LocalServer()) throws {
        self.server = server
        catalogFile = dataDirectory.appending(path: "catalog.json")
        guard FileManager.default.isReadableFile(atPath: catalogFile.path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: catalogFile.path])
        }
    }

    /// Records in the catalog (waits for it to be parsed; 0 if it could not be).
    public var itemCount: Int {
        index.load(catalogFile)
        return (try? index.wait().count) ?? 0
    }

    /// Starts serving and returns the base URL to search; the catalog is parsed meanwhile.
    public func start() throws -> URL {
        let index = index
        let catalogFile = catalogFile
        // Parsing starts with the first search, or a moment after start: the window's first
        // frames do not share the CPU with it.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(250)) { index.load(catalogFile) }
        server.route("/search") { request in
            Self.answer {
                try index.loaded(from: catalogFile).responseBody(
                    term: request.query["term"] ?? "", entity: request.query["entity"],
                    limit: request.query["limit"].flatMap(Int.init) ?? 50)
            }
        }
        // A store link opened offline; with `entity`, an artist's or album's page.
        server.route("/lookup") { request in
            let ids = (request.query["id"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if let entity = request.query["entity"], !entity.isEmpty {
                return Self.answer { try index.loaded(from: catalogFile).lookupBody(ids: ids, entity: entity) }
            }
            return Self.answer { try index.loaded(from: catalogFile).lookupBody(ids: ids) }
        }
        // The charts (`/us/rss/topsongs/limit=5/json`): the catalog's items of each chart's kind.
        server.route("/") { request in
            guard let chart = Chart.parse(path: request.path) else {
                return LocalServerResponse(status: 404, text: "Not found")
            }
            return Self.answer { try index.loaded(from: catalogFile).chartBody(feed: chart.feed, limit: chart.limit) }
        }
        return try server.start()
    }

    private static func answer(_ body: () throws -> Data) -> LocalServerResponse {
        do {
            return LocalServerResponse(contentType: "text/javascript; charset=utf-8", body: try body())
        } catch {
            Log.warning(LogDomain.catalog, "The offline catalog cannot be read: \(error)")
            return LocalServerResponse(status: 500, text: "The offline catalog cannot be read: \(error)")
        }
    }

    public func stop() { server.stop() }

    /// The bundled file for an artwork URL at `artworkOrigin`, if there is one.
    public static func bundledArtworkFile(for url: URL, dataDirectory: URL) -> URL? {
        guard url.host == artworkOrigin.host, url.port == nil else { return nil }
        return artworkFile(for: url.path, in: dataDirectory.appending(path: "artwork"))
    }

    /// The catalog has each cover at 100 and 600 pixels; like the real image server, any
    /// "NxNbb.jpg" is answered, with the nearest size.
    static func artworkFile(for path: String, in directory: URL) -> URL? {
        guard path.hasPrefix("/artwork/") else { return nil }
        let parts = path.dropFirst("/artwork/".count).split(separator: "/")
        guard parts.count == 2, !parts.contains(where: { $0.hasPrefix(".") }),
            let pixels = parts[1].split(separator: "x").first.flatMap({ Int($0) })
        else { return nil }
        return directory.appending(path: String(parts[0])).appending(
            path: pixels > 100 ? "600x600bb.jpg" : "100x100bb.jpg")
    }
}
