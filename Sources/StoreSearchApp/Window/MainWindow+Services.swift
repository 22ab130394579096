import Foundation
import Gtk

/// The parts that take many of the run's services, made out of its `AppEnvironment`: each is
/// given the services it uses, never the whole environment.
extension MainWindow {
    /// The price watch of a process (the window's own, or the session's that it shares).
    static func makePriceWatch(application: Application, environment: AppEnvironment) -> PriceWatchService {
        PriceWatchService(
            application: application, search: environment.search, items: environment.items,
            storeRegion: environment.storeRegion, offlineCatalog: environment.offlineCatalog,
            settings: environment.settings, locale: environment.locale,
            isNetworkAvailable: environment.isNetworkAvailable)
    }

    /// The Explore page: the store's charts on the Search page while nothing is searched.
    static func makeExplore(environment: AppEnvironment, items: Items) -> ExploreController {
        ExploreController(
            charts: environment.charts, items: items, artwork: environment.artwork, locale: environment.locale,
            storeRegion: environment.storeRegion, offlineCatalog: environment.offlineCatalog,
            showsCharts: environment.showsCharts)
    }
}
