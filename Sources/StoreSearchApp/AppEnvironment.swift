import Foundation
import HTTP
import StoreSearchCore

/// What the window works with: search, artwork, the user's items, and the offline catalog.
@MainActor
public final class AppEnvironment {
    public let options: LaunchOptions
    public let paths: AppPaths
    public let resources: ResourceLocator
    public let search: SearchService
    public let artwork: ArtworkLoader
    let keeper: ItemStoreKeeper
    public let locale: Locale
    /// Whether GIO saw a network at start; without one the window offers the offline catalog.
    public let isNetworkAvailable: Bool
    private var catalog: CatalogServer?

    public init(options: LaunchOptions, paths: AppPaths = AppPaths(), resources: ResourceLocator, locale: Locale = .current,
                isNetworkAvailable: Bool = NetworkMonitor.isNetworkAvailable) {
        self.options = options
        self.paths = paths
        self.resources = resources
        self.locale = locale
        self.isNetworkAvailable = isNetworkAvailable
        let userAgent = "StoreSearch/\(StoreSearchApp.version)"
        let client = HTTPClient(configuration: HTTPClientConfiguration(userAgent: userAgent))
        search = SearchService(baseURL: options.apiBase, client: client)
        // Images get a client of their own, with short timeouts (see ArtworkLoader).
        artwork = ArtworkLoader(client: HTTPClient(configuration: ArtworkLoader.clientConfiguration(userAgent: userAgent)),
                                cacheDirectory: paths.artworkCacheDirectory)
        // The offline catalog's art keeps one URL across launches and is read from the bundle.
        let data = resources.data
        artwork.serveFiles(for: CatalogServer.artworkOrigin) { CatalogServer.bundledArtworkFile(for: $0, dataDirectory: data) }
        keeper = ItemStoreKeeper(file: ItemStoreFile(paths: paths), dataDirectory: paths.dataDirectory)
    }

    public var isOffline: Bool { catalog != nil }

    /// Starts the bundled catalog's server (once) and points searches at it.
    public func switchToOfflineCatalog() throws {
        if catalog == nil {
            let server = try CatalogServer(dataDirectory: resources.data)
            search.baseURL = try server.start()
            catalog = server
        }
    }

    public func shutdown() {
        keeper.releaseLock()
        catalog?.stop()
    }
}
