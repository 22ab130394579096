import Foundation
import Gtk
import GtkTesting
import StoreSearchApp
import StoreSearchCore

/// Issue #46: another writer changes one record of a 10,000-item file by rename while the window
/// shows My Items: the time from the rename until the merged row is in My Items, and the longest
/// main-loop stall meanwhile, against the same window idle (the probe alone).
@MainActor
enum TwoWritersBenchmark {
    static func run() throws {
        print("Two writers: one record of 10,000 changed by another program (by rename)")
        let root = FileManager.default.temporaryDirectory.appending(
            path: "storesearch-bench-twowriters-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var store = CoreBenchmark.items(10_000)
        let paths = AppPaths(dataDirectory: root.appending(path: "data"), cacheDirectory: root.appending(path: "cache"))
        let file = ItemStoreFile(paths: paths)
        try file.save(store)
        let bench = BenchWindow(apiBase: URL(string: "http://127.0.0.1:9")!, root: root)
        defer { bench.close() }
        bench.main.present()
        _ = bench.main.window.activateAction("win.show-my-items")
        MainContext.spin(until: { false }, timeout: .milliseconds(800))
        let page = bench.main.myItems.page
        var times: [Duration] = [], stalls: [Duration] = [], busy: [Duration] = []
        let idle = Probe.idle(during: .milliseconds(1000))
        for round in 1...5 {
            let id = store.records.keys.sorted()[round * 100]
            let result = store.records[id]!.snapshot ?? SearchResult(id: id, name: "", kind: .other(""))
            let notes = "Changed elsewhere \(round)"
            store.setEdits(ItemEdits(notes: notes), for: result)
            // Another program's copy, written beside the file and renamed over it, as sync tools do.
            let other = ItemStoreFile(url: root.appending(path: "other-\(round).plist"))
            try other.save(store)
            let probe = Probe()
            let start = ContinuousClock.now
            rename(other.url.path, file.url.path)
            // (`page.shown` makes every listed item: too dear to ask at every turn of the loop.)
            let items = bench.environment.items
            MainContext.spin(
                until: { items.store.records[id]?.edits.notes == notes && !page.isListing }, timeout: .seconds(10))
            times.append(ContinuousClock.now - start)
            MainContext.spin(until: { false }, timeout: .milliseconds(300))
            probe.stop()
            stalls.append(probe.longestStall)
            busy.append(probe.longestBusy)
            guard page.shown.contains(where: { $0.id == id && $0.item.notes == notes }) else {
                throw CocoaError(.featureUnsupported, userInfo: [NSDebugDescriptionErrorKey: "the row was not merged"])
            }
        }
        print(
            "  rename to merged row in My Items: median \(Measure.milliseconds(times.sorted()[2])), "
                + "longest \(Measure.milliseconds(times.max()!))  (target 1 s; the folder watch waits 200 ms for a burst)"
        )
        print(
            "  longest main-loop stall meanwhile: \(Measure.milliseconds(stalls.max()!)), main thread busy "
                + "\(Measure.milliseconds(busy.max()!))  (idle: \(Measure.milliseconds(idle.stall)), busy "
                + "\(Measure.milliseconds(idle.busy)); target 16 ms)")
    }
}
