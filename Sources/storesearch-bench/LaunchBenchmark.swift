import Foundation
import Gtk
import GtkTesting
import StoreSearchApp
import StoreSearchCore

/// Issue #11: the window with `--offline` (the bundled catalog loaded and served) against without,
/// from creating it to its being mapped; medians of alternating runs.
@MainActor
enum LaunchBenchmark {
    static func run() {
        print("Launch: window mapped, median of 15 alternating runs")
        var online: [Duration] = [], offline: [Duration] = []
        _ = time(offline: false)  // warm-up: theme, CSS, fonts
        for _ in 0..<15 {
            online.append(time(offline: false))
            offline.append(time(offline: true))
        }
        let data = ResourceLocator.locate()!.data
        let serverStart = Measure.time {
            let catalog = try! CatalogServer(dataDirectory: data)
            _ = try! catalog.start()
            catalog.stop()
        }
        let parse = Measure.time {
            _ = try! CatalogIndex(catalog: Data(contentsOf: data.appending(path: "catalog.json")))
        }
        print(
            "  catalog server start and stop: \(Measure.milliseconds(serverStart)); catalog parse (on its own thread): "
                + "\(Measure.milliseconds(parse))")
        let onlineMedian = online.sorted()[7], offlineMedian = offline.sorted()[7]
        print(
            "  --offline: \(Measure.milliseconds(offlineMedian)); without: \(Measure.milliseconds(onlineMedian)); "
                + "ratio \(Measure.ratio(offlineMedian, onlineMedian)) (target ≤ 1.1×)")
    }

    private static func time(offline: Bool) -> Duration {
        let start = ContinuousClock.now
        let bench = BenchWindow(apiBase: URL(string: "http://127.0.0.1:9")!, offline: offline)
        bench.main.present()
        MainContext.spin(until: { bench.main.window.isMapped }, timeout: .seconds(20))
        let mapped = ContinuousClock.now - start
        if offline {  // the catalog must still come up: searching it works
            bench.search("tarkan")
            if bench.main.results.items.isEmpty {
                print(
                    "  the offline catalog did not answer: \(bench.main.search.visiblePage) \(bench.main.search.errorText)"
                )
            }
        }
        bench.close()
        return mapped
    }
}
