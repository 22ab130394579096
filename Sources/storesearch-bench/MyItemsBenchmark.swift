import Foundation
import Gtk
import GtkTesting
import StoreSearchApp
import StoreSearchCore

/// Issues #18 and #32: My Items with 10,000 and 100,000 items in the real window (1024×760):
/// switching to it until its first rows are on screen, against as many rows put into a plain
/// GtkListView in the same window size; the longest main-loop stall while typing in its filter;
/// a change of sort; export (10,000 only).
@MainActor
enum MyItemsBenchmark {
    static func run() throws {
        try run(count: 10_000, stallTarget: "16 ms")
        print("")
        try run(count: 100_000, stallTarget: "50 ms")
    }

    private static func run(count: Int, stallTarget: String) throws {
        let number = count.formatted(.number.locale(Locale(identifier: "en_US")))
        print("My Items: \(number) items (all visited, a third edited, a tenth hidden)")
        let root = FileManager.default.temporaryDirectory.appending(
            path: "storesearch-bench-myitems-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let store = CoreBenchmark.items(count)
        let paths = AppPaths(dataDirectory: root.appending(path: "data"), cacheDirectory: root.appending(path: "cache"))
        try ItemStoreFile(paths: paths).save(store)

        let buildTime = Measure.time { _ = MyItemsList(store: store, order: .name) }
        let built = MyItemsList(store: store, order: .name)
        let filterTime = Measure.time { _ = built.positions(.all, matching: "song 1") }
        let sortTime = Measure.time { _ = built.sorted(by: .artist) }
        print(
            "  (core: list of \(number) in \(Measure.milliseconds(buildTime)), one filter pass \(Measure.milliseconds(filterTime)), "
                + "a sort by artist \(Measure.milliseconds(sortTime)))")
        let bench = BenchWindow(apiBase: URL(string: "http://127.0.0.1:9")!, root: root)
        let baseline = plainListTime(rows: count)  // GTK is set up by the window's application
        defer { bench.close() }
        bench.main.present()
        MainContext.spin(until: { false }, timeout: .milliseconds(500))
        let window = bench.main.window

        // Switching to the page: until its first rows are laid out on screen.
        let start = ContinuousClock.now
        _ = window.activateAction("win.show-my-items")
        let list = bench.main.myItems.page.views.visibleView
        MainContext.spin(
            until: { list.children.first.map { $0.isMapped && $0.allocatedHeight > 0 } ?? false }, timeout: .seconds(10)
        )
        let switchTime = ContinuousClock.now - start
        print(
            "  switch to My Items, first screen: \(Measure.milliseconds(switchTime))  (\(number) rows into a plain list: "
                + "\(Measure.milliseconds(baseline)); ratio \(Measure.ratio(switchTime, baseline)); targets 100 ms and 1.5×)"
        )

        typeInFilter(of: bench, stallTarget: stallTarget)

        // A change of sort, until the next frame is drawn.
        var sortTimes: [Duration] = []
        for order in ["artist", "date-changed", "price", "name"] {
            let probe = Probe()
            _ = window.activateAction("win.my-items-sort", string: order)
            MainContext.spin(until: { false }, timeout: .milliseconds(150))
            probe.stop()
            sortTimes.append(probe.longestStall)
        }
        print("  change of sort: longest stall \(Measure.milliseconds(sortTimes.max()!))  (target 50 ms)")

        // Export, both formats.
        guard count <= 10_000 else { return }
        let items = MyItemsList(store: store, order: .name).items()
        for name in ["mine.csv", "mine.json"] {
            let target = root.appending(path: name)
            let time = try Measure.time { try MyItemsExport.write(items, to: target) }
            let size = (try? FileManager.default.attributesOfItem(atPath: target.path)[.size] as? Int) ?? 0
            print("  export \(name): \(Measure.milliseconds(time)) for \(size / 1024) KiB  (target 500 ms)")
        }
    }

    /// Typing in the filter, a key every 100 ms, with the probe watching the main loop, once the
    /// page has all its rows (about half a second after it shows, 8 rows a frame up to 200).
    private static func typeInFilter(of bench: BenchWindow, stallTarget: String) {
        let idle = Probe.idle(during: .milliseconds(1000))
        let entry = bench.main.myItems.page.filterEntry
        let probe = Probe()
        // Typed a key at a time ("Song 12"), two taken back, the field cleared: a change each
        // (setting the whole text would be two, the first with the field empty).
        let keys: [@MainActor () -> Void] =
            "Song 12".map { key in { entry.typeAtEnd(String(key)) } }
            + [{ entry.deleteBackward() }, { entry.deleteBackward() }, { entry.text = "" }]
        for key in keys {
            key()
            MainContext.spin(until: { false }, timeout: .milliseconds(100))
        }
        probe.stop()
        print(
            "  typing in the filter (10 keystrokes): longest stall \(Measure.milliseconds(probe.longestStall)), "
                + "main thread busy \(Measure.milliseconds(probe.longestBusy))  "
                + "(idle: \(Measure.milliseconds(idle.stall)), busy \(Measure.milliseconds(idle.busy)); "
                + "target \(stallTarget))")
    }

    /// `rows` one-label rows put into a GtkListView in a 1024×760 window, until the first ones are
    /// on screen: what GTK itself costs for that many rows.
    private static func plainListTime(rows: Int) -> Duration {
        let window = Window()
        window.setDefaultSize(width: 1024, height: 760)
        let model = ListModel<String>()
        let list = ListView(
            model: model,
            setup: { item in
                let label = Label()
                item.row = label
                item.setChild(label)
            }, bind: { item, text in (item.row as? Label)?.text = text }, unbind: { _ in },
            teardown: { item in item.row = nil })
        let scroller = ScrolledWindow()
        scroller.setChild(list)
        window.setChild(scroller)
        window.present()
        MainContext.spin(until: { false }, timeout: .milliseconds(300))
        let start = ContinuousClock.now
        model.replaceAll(with: (0..<rows).map { "Row \($0)" })
        MainContext.spin(
            until: { list.children.first.map { $0.isMapped && $0.allocatedHeight > 0 } ?? false }, timeout: .seconds(10)
        )
        let time = ContinuousClock.now - start
        window.destroy()
        return time
    }
}
