import Foundation
import StoreSearchCore

/// Issues #3 and #14: decoding a 200-record body, hostile text, and saving/loading 10,000 items,
/// each against a plain Foundation baseline doing the same I/O or parse in the same run; and the
/// peak memory of saving 100,000 items against the file's size.
enum CoreBenchmark {
    static func run(repository: URL) throws {
        print("Core (median of 20 runs)")
        let body = try Data(contentsOf: repository.appending(path: "Tests/StoreSearchCoreTests/Fixtures/two-hundred.json"))
        let decoded = try SearchResponseDecoder.decode(body)
        precondition(decoded.count == 200, "the fixture has 200 records")
        try Measure.compare("decode 200 records", { _ = try SearchResponseDecoder.decode(body) },
                            against: "JSONSerialization alone", { _ = try JSONSerialization.jsonObject(with: body) })
        hostileText()

        let directory = FileManager.default.temporaryDirectory.appending(path: "storesearch-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = ItemStoreFile(url: directory.appending(path: "items.plist"))
        let store = items(10_000)
        let data = file.encode(store)
        try file.save(store)
        print("  10,000 items: \(data.count / 1024) KiB of XML")

        // The baseline: the same data as plain property-list values, serialised and parsed by Foundation.
        let plain = directory.appending(path: "plain.plist")
        let values = try PropertyListSerialization.propertyList(from: data, format: nil)
        let bareSave = {
            let bytes = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0)
            try bytes.write(to: plain, options: .atomic)
        }
        try Measure.compare("encode 10,000 items", { _ = file.encode(store) },
                            against: "PropertyListSerialization.data of the same values",
                            { _ = try PropertyListSerialization.data(fromPropertyList: values, format: .xml, options: 0) })
        try Measure.compare("save 10,000 items (version check, encode, temp, fsync, backup, rename)", { try file.save(store) },
                            against: "PropertyListSerialization.data + Data.write(.atomic)", bareSave)
        try Measure.compare("save 10,000 items", { try file.save(store) },
                            against: "Data.write(.atomic) of the same bytes (the issue's 16× baseline)",
                            { try data.write(to: plain, options: .atomic) })
        let version = ItemStoreFile.formatVersion(ofFileAt: file.url)
        precondition(version == ItemStoreFile.formatVersion, "the version is found by parsing")
        try Measure.compare("format version parsed from the file (before every save)", { _ = ItemStoreFile.formatVersion(ofFileAt: file.url) },
                            against: "reading the file", { _ = try Data(contentsOf: file.url) })
        let loaded = try file.load().store
        precondition(loaded == store, "the store survives a round trip")
        try Measure.compare("load 10,000 items", { _ = try file.load() },
                            against: "read + PropertyListSerialization",
                            { _ = try PropertyListSerialization.propertyList(from: Data(contentsOf: plain), format: nil) })
        try peakMemoryOfSaving(in: directory)
    }

    /// Issue #14 problem 4: HTML-to-text on '<' with no closing '>'. Linear work grows 10× from
    /// 20,000 to 200,000 characters; quadratic work grows 100×.
    private static func hostileText() {
        var times: [Int: Duration] = [:]
        let counts = ProcessInfo.processInfo.environment["STORESEARCH_BENCH_SMALL_HTML"] == nil ? [20_000, 200_000] : [2_000, 20_000]
        for count in counts {
            let html = String(repeating: "<", count: count)
            times[count] = (0..<5).map { _ in Measure.time { _ = HTMLText.plainText(html) } }.sorted()[2]
        }
        let (small, large) = (counts[0], counts[1])
        print("  HTMLText of \(large) '<': \(Measure.milliseconds(times[large]!))  (\(small): \(Measure.milliseconds(times[small]!)); " +
              "ratio \(Measure.ratio(times[large]!, times[small]!)), linear is about 10×)")
    }

    /// Issue #14 problem 11: the peak resident memory while saving 100,000 items, over the
    /// resident memory just before, against the size of the file written.
    private static func peakMemoryOfSaving(in directory: URL) throws {
        let file = ItemStoreFile(url: directory.appending(path: "large.plist"))
        let store = items(100_000)
        try file.save(store)  // a previous file, so the save also makes its backup
        let before = ResidentMemory.resetPeak()
        let time = try Measure.time { try file.save(store) }
        let peak = ResidentMemory.peak()
        let size = try FileManager.default.attributesOfItem(atPath: file.url.path)[.size] as! Int
        print(String(format: "  save 100,000 items: %.1f MB file in %@; peak RSS %.1f MB over the %.1f MB before: %.2f× the file",
                     Double(size) / 1e6, Measure.milliseconds(time), Double(peak - before) / 1e6, Double(before) / 1e6,
                     Double(peak - before) / Double(size)))
        let beforeLoad = ResidentMemory.resetPeak()
        let loadTime = try Measure.time { _ = try file.load() }
        let loadPeak = ResidentMemory.peak()
        print(String(format: "  load 100,000 items: %@; peak RSS %.1f MB over the %.1f MB before: %.2f× the file",
                     Measure.milliseconds(loadTime), Double(loadPeak - beforeLoad) / 1e6, Double(beforeLoad) / 1e6,
                     Double(loadPeak - beforeLoad) / Double(size)))
    }

    /// Every item visited, a third edited, a tenth hidden: a heavy user's store.
    static func items(_ count: Int) -> ItemStore {
        var store = ItemStore()
        let start = Date(timeIntervalSince1970: 1_000_000_000)
        for index in 0..<count {
            let result = SearchResult(
                id: "track:\(100_000 + index)", name: "Song number \(index)", artist: "Artist \(index % 300)", kind: .song,
                genre: "Pop", price: Decimal(string: "1.29"), currency: "USD", releaseDate: start + Double(index) * 86_400,
                storeURL: URL(string: "https://music.apple.com/us/album/\(index)?i=\(index)"),
                artworkURL: URL(string: "https://is1-ssl.mzstatic.com/image/thumb/\(index)/100x100bb.jpg"),
                summary: "A short description of song \(index).")
            store.markVisited(result, at: start)
            if index % 3 == 0 {
                store.setEdits(ItemEdits(name: "Edited \(index)", price: Decimal(string: "0.99"), notes: "Note \(index)"), for: result)
            }
            if index % 10 == 0 { store.hide(result, at: start) }
        }
        return store
    }
}

/// This process's resident memory from /proc (Linux).
enum ResidentMemory {
    /// Resets the kernel's peak-RSS mark (VmHWM) to the current RSS and returns that RSS.
    static func resetPeak() -> Int {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        return field("VmRSS")
    }

    static func peak() -> Int { field("VmHWM") }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
        return (Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0) * 1024
    }
}
