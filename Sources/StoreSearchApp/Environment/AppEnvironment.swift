import Foundation
import Gtk
import HTTP
import StoreSearchCore

/// The services one run shares: search, charts, artwork, the user's items, the store region and
/// the offline catalog. It is the composition root: `Launch/` makes it, and `MainWindow` (and the
/// session, for the search provider and the price watch) hands each part the services it uses;
/// no controller is given the whole environment.
@MainActor
public final class AppEnvironment {
    public let options: LaunchOptions
    public let paths: AppPaths
    public let resources: ResourceLocator
    public let search: SearchService
    /// The store's charts with their records (the Explore page, See All), through `search`.
    let charts: ChartService
    /// Whether the Search page shows the store's charts with nothing searched (else its hint).
    /// Tests of other parts turn them off, so that the requests their store sees are their own.
    public var showsCharts = true
    public let artwork: ArtworkLoader
    /// The user's items: the only way to their store (`ItemStoreKeeper`) and its changes.
    package let items: Items
    /// The user's locale from the C library; `locale` is its formatting part (LC_MONETARY).
    public let userLocale: UserLocale
    public let locale: Locale
    /// The store searched: `--country`, the user's pick, or the locale's region.
    public let storeRegion: StoreRegionSetting
    /// Whether GIO saw a network at start; without one the window offers the offline catalog.
    public let isNetworkAvailable: Bool
    /// The app's GSettings (store region, window state); nil when its schema is not found.
    public let settings: Settings?
    /// The bundled catalog searches go to once it is switched on (shared: the switch is at run time).
    public let offlineCatalog: OfflineCatalog

    public init(
        options: LaunchOptions, paths: AppPaths = AppPaths(), resources: ResourceLocator,
        userLocale: UserLocale = .current, settings: Settings? = nil,
        isNetworkAvailable: Bool = NetworkMonitor.isNetworkAvailable
    ) {
        self.options = options
        self.paths = paths
        self.resources = resources
        self.userLocale = userLocale
        locale = userLocale.monetary
        self.settings = settings
        storeRegion = StoreRegionSetting(settings: settings, override: options.country, locale: userLocale)
        self.isNetworkAvailable = isNetworkAvailable
        let userAgent = "StoreSearch/\(StoreSearchApp.version)"
        let client = HTTPClient(configuration: HTTPClientConfiguration(userAgent: userAgent))
        search = SearchService(baseURL: options.apiBase, client: client)
        charts = ChartService(search: search)
        // Images get a client of their own, with short timeouts (see ArtworkLoader).
        artwork = ArtworkLoader(
            client: HTTPClient(configuration: ArtworkLoader.clientConfiguration(userAgent: userAgent)),
            cacheDirectory: paths.artworkCacheDirectory)
        // The offline catalog's art keeps one URL across launches and is read from the bundle.
        let data = resources.data
        artwork.serveFiles(for: CatalogServer.artworkOrigin) {
            CatalogServer.bundledArtworkFile(for: $0, dataDirectory: data)
        }
        offlineCatalog = OfflineCatalog(search: search, dataDirectory: data)
        items = Items(keeper: ItemStoreKeeper(file: ItemStoreFile(paths: paths), dataDirectory: paths.dataDirectory))
        // A price check (here, or another process's merged in) is newer than what searches and
        // charts answered before: shown again from memory, they would write older prices back.
        items.changed.subscribe { [search, charts] change in
            guard change.cause == .priceCheck || change.cause == .merged else { return }
            search.forgetAnswers(holding: change.ids)
            charts.forgetAnswers(holding: change.ids)
        }
    }

    /// One locale for prices, dates and language (tests).
    public convenience init(
        options: LaunchOptions, paths: AppPaths = AppPaths(), resources: ResourceLocator, locale: Locale,
        isNetworkAvailable: Bool = NetworkMonitor.isNetworkAvailable
    ) {
        self.init(
            options: options, paths: paths, resources: resources, userLocale: UserLocale(locale),
            isNetworkAvailable: isNetworkAvailable)
    }

    public func shutdown() {
        items.releaseLock()
        offlineCatalog.stop()
    }
}
