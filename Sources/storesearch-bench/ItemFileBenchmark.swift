import Foundation
import StoreSearchCore

/// Issue #32: loading and saving the item file at 10,000 and 100,000 items, each against plain
/// Foundation doing the same parse or the same write in the same run, and the peak memory of a
/// load against the file's size. A save follows a change to one item, as the app's saves do.
enum ItemFileBenchmark {
    static func run() throws {
        print("Item file (median of 20 runs at 10,000 items, 5 at 100,000)")
        let directory = FileManager.default.temporaryDirectory.appending(
            path: "storesearch-bench-items-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (count, runs) in [(10_000, 20), (100_000, 5)] {
            let file = ItemStoreFile(url: directory.appending(path: "items-\(count).plist"))
            var store = CoreBenchmark.items(count)
            try file.save(store)
            let bytes = try Data(contentsOf: file.url)
            let plain = directory.appending(path: "plain-\(count).plist")
            try bytes.write(to: plain)
            print("  \(count.formatted()) items: \(String(format: "%.1f", Double(bytes.count) / 1e6)) MB of XML")

            // Memory first, before repeated loads leave freed pages in the process for later ones.
            let before = ResidentMemory.resetPeak()
            var loaded: ItemStore?
            let time = try Measure.time { loaded = try file.load().store }
            let peak = ResidentMemory.peak()
            print(
                String(
                    format:
                        "  load %@ items once: %@; peak RSS %.1f MB over the %.1f MB before: %.2f× the file (target ≤ 2×)",
                    count.formatted(), Measure.milliseconds(time), Double(peak - before) / 1e6, Double(before) / 1e6,
                    Double(peak - before) / Double(bytes.count)))
            precondition(loaded == store, "the store survives a round trip")
            loaded = nil
            try Measure.compare(
                "load \(count.formatted()) items", runs: runs, { _ = try file.load() },
                against: "read + PropertyListSerialization (target ≤ 0.3×)",
                { _ = try PropertyListSerialization.propertyList(from: Data(contentsOf: plain), format: nil) })
            // As the app's: a file of its own reads the store, which is then changed and saved.
            let appFile = ItemStoreFile(url: file.url)
            store = try appFile.load().store
            var edit = 0
            // What saves keep in memory beside the loaded store (the first encodes every record).
            let beforeSaves = ResidentMemory.kept()
            for _ in 0..<3 {
                edit += 1
                store.setEdits(
                    ItemEdits(notes: "edit \(edit)"), for: SearchResult(id: "track:100001", name: "x", kind: .song))
                try appFile.save(store)
            }
            let kept = ResidentMemory.kept() - beforeSaves
            print(
                String(
                    format: "  kept by three saves of the loaded store: %.1f MB (%.2f× the file)", Double(kept) / 1e6,
                    Double(kept) / Double(bytes.count)))
            try Measure.compare(
                "save \(count.formatted()) items after one edit", runs: runs,
                {
                    edit += 1
                    store.setEdits(
                        ItemEdits(notes: "edit \(edit)"), for: SearchResult(id: "track:100001", name: "x", kind: .song))
                    try appFile.save(store)
                }, against: "Data.write(.atomic) of the same bytes (target ≤ 3×)",
                { try bytes.write(to: plain, options: .atomic) })
        }
    }

    /// For a profiler: loads the 10,000-item file `times` times and nothing else.
    static func profileLoad(times: Int) throws {
        try withProfiledFile { file, store in
            try file.save(store)
            for _ in 0..<times { _ = try file.load() }
        }
    }

    /// For a profiler: saves the 10,000-item store as read from its file `times` times, one edit
    /// before each (as the app's saves go).
    static func profileSave(times: Int) throws {
        try withProfiledFile { file, store in
            try file.save(store)
            var store = try file.load().store
            for edit in 0..<times {
                store.setEdits(
                    ItemEdits(notes: "edit \(edit)"), for: SearchResult(id: "track:100001", name: "x", kind: .song))
                try file.save(store)
            }
        }
    }

    /// An item file in a folder of its own (a save leaves a backup beside it), removed after.
    private static func withProfiledFile(_ body: (ItemStoreFile, ItemStore) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "storesearch-bench-profile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try body(ItemStoreFile(url: folder.appending(path: "items.plist")), CoreBenchmark.items(10_000))
    }
}
