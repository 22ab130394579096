import Foundation
import Gtk
import GtkTesting
import StoreSearchApp
import StoreSearchCore

/// The real main window for benchmarks, over a temporary data and cache folder.
@MainActor
final class BenchWindow {
    static let application: Application = {
        let application = StoreSearchApp.makeApplication(id: "io.github.storesearch.StoreSearch.Bench")
        precondition(application.register(), "cannot register the benchmark application")
        return application
    }()

    let root = FileManager.default.temporaryDirectory.appending(path: "storesearch-bench-\(UUID().uuidString)")
    let environment: AppEnvironment
    let main: MainWindow

    /// `charts`: the Search page shows the store's charts with nothing searched (only the
    /// charts' own benchmark wants them; the others measure what they name).
    init(apiBase: URL, offline: Bool = false, root: URL? = nil, charts: Bool = false) {
        var options = LaunchOptions()
        options.apiBase = apiBase
        options.offline = offline
        let folder = root ?? self.root
        let paths = AppPaths(
            dataDirectory: folder.appending(path: "data"), cacheDirectory: folder.appending(path: "cache"))
        environment = AppEnvironment(options: options, paths: paths, resources: ResourceLocator.locate()!)
        environment.showsCharts = charts
        main = MainWindow(application: Self.application, environment: environment, settings: Settings.MemoryBackend())
        main.window.setDefaultSize(width: 1024, height: 760)
        MainContext.spin(until: { self.environment.items.isLoaded }, timeout: .seconds(60))  // read in the background
    }

    func close() {
        main.window.destroy()
        environment.shutdown()
        MainContext.spin(until: { false }, timeout: .milliseconds(50))
        try? FileManager.default.removeItem(at: root)
    }

    /// Types `term`, presses Enter and waits until the rows are all in the list.
    func search(_ term: String) {
        main.searchEntry.text = term
        main.searchEntry.activate()
        MainContext.spin(
            until: { self.main.search.visiblePage != .searching && !self.main.results.isFilling }, timeout: .seconds(30)
        )
    }

    var scroller: ScrolledWindow? {
        main.results.list.parent.map { ScrolledWindow(retaining: UnsafeMutableRawPointer($0.widget)) }
    }

    /// The rows that intersect the viewport (all rows are the same height).
    var visibleRows: Range<Int> {
        let count = main.results.list.model.count
        guard let adjustment = scroller?.verticalAdjustment, count > 0, adjustment.upper > 0, adjustment.pageSize > 0
        else {
            return 0..<0
        }
        let height = adjustment.upper / Double(count)
        let first = max(0, Int(adjustment.value / height))
        let last = min(count, Int(((adjustment.value + adjustment.pageSize) / height).rounded(.up)))
        return first..<max(first, last)
    }

    /// Whether every row in `rows` shows its artwork (decoded in memory).
    func hasArtwork(_ rows: some Sequence<Int>) -> Bool {
        let items = main.results.items
        return rows.allSatisfy { index in
            index < items.count
                && items[index].result.artworkURL.map { environment.artwork.cachedTexture(for: $0) != nil } ?? true
        }
    }
}
