import Foundation
import StoreSearchCore

/// Issues #3 and #14: decoding a 200-record body against JSONSerialization in the same run, and
/// hostile text. The item file is `ItemFileBenchmark`'s.
enum CoreBenchmark {
    static func run(repository: URL) throws {
        print("Core (median of 20 runs)")
        let body = try Data(
            contentsOf: repository.appending(path: "Tests/StoreSearchCoreTests/Fixtures/two-hundred.json"))
        let decoded = try SearchResponseDecoder.decode(body)
        precondition(decoded.count == 200, "the fixture has 200 records")
        try Measure.compare(
            "decode 200 records", { _ = try SearchResponseDecoder.decode(body) },
            against: "JSONSerialization alone", { _ = try JSONSerialization.jsonObject(with: body) })
        hostileText()
    }

    /// Issue #14 problem 4: HTML-to-text on '<' with no closing '>'. Linear work grows 10× from
    /// 20,000 to 200,000 characters; quadratic work grows 100×.
    private static func hostileText() {
        var times: [Int: Duration] = [:]
        let counts =
            ProcessInfo.processInfo.environment["STORESEARCH_BENCH_SMALL_HTML"] == nil
            ? [20_000, 200_000] : [2_000, 20_000]
        for count in counts {
            let html = String(repeating: "<", count: count)
            times[count] = (0..<5).map { _ in Measure.time { _ = HTMLText.plainText(html) } }.sorted()[2]
        }
        let (small, large) = (counts[0], counts[1])
        print(
            "  HTMLText of \(large) '<': \(Measure.milliseconds(times[large]!))  (\(small): \(Measure.milliseconds(times[small]!)); "
                + "ratio \(Measure.ratio(times[large]!, times[small]!)), linear is about 10×)")
    }

    /// Every item visited, a third edited, a tenth hidden: a heavy user's store.
    static func items(_ count: Int) -> ItemStore {
        var store = ItemStore()
        let start = Date(timeIntervalSince1970: 1_000_000_000)
        for index in 0..<count {
            let result = SearchResult(
                id: "track:\(100_000 + index)", name: "Song number \(index)", artist: "Artist \(index % 300)",
                kind: .song,
                genre: "Pop", price: Decimal(string: "1.29"), currency: "USD",
                releaseDate: start + Double(index) * 86_400,
                storeURL: URL(string: "https://music.apple.com/us/album/\(index)?i=\(index)"),
                artworkURL: URL(string: "https://is1-ssl.mzstatic.com/image/thumb/\(index)/100x100bb.jpg"),
                summary: "A short description of song \(index).")
            store.markVisited(result, at: start)
            if index % 3 == 0 {
                store.setEdits(
                    ItemEdits(name: "Edited \(index)", price: Decimal(string: "0.99"), notes: "Note \(index)"),
                    for: result)
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

    /// The RSS once freed heap memory is handed back to the system (glibc's `malloc_trim`, found
    /// at run time: Swift's Glibc module leaves out malloc.h), so that it counts what is kept.
    static func kept() -> Int {
        typealias Trim = @convention(c) (Int) -> Int32
        if let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {  // RTLD_DEFAULT
            _ = unsafeBitCast(trim, to: Trim.self)(0)
        }
        return field("VmRSS")
    }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") })
        else { return 0 }
        return (Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0) * 1024
    }
}
