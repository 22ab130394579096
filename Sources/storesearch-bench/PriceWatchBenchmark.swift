import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchApp
import StoreSearchCore
import Synchronization

/// Issue #33: 10,000 kept items in three store regions (6,000 US, 3,000 DE, 1,000 JP) checked
/// for price changes in the real window (1024×760, My Items on screen) against a local store that
/// answers every lookup with a third of the prices lower: the requests per region against
/// ⌈n/200⌉, the time the check takes, and the longest main-loop stall meanwhile (a 1 ms GLib
/// timeout probe) against the idle loop's.
@MainActor
enum PriceWatchBenchmark {
    nonisolated static let regions: [(code: String, currency: String, count: Int)] = [
        ("US", "USD", 6_000), ("DE", "EUR", 3_000), ("JP", "JPY", 1_000),
    ]

    static func run() throws {
        let total = regions.reduce(0) { $0 + $1.count }
        print(
            "Price watch: \(total.formatted(.number.locale(Locale(identifier: "en_US")))) kept items in \(regions.map(\.code).joined(separator: ", "))"
        )
        let root = FileManager.default.temporaryDirectory.appending(
            path: "storesearch-bench-prices-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let paths = AppPaths(dataDirectory: root.appending(path: "data"), cacheDirectory: root.appending(path: "cache"))
        try ItemStoreFile(paths: paths).save(keptItems())

        let requests = Mutex<[String: Int]>([:])
        let lower = Mutex(false)  // the check at start finds the prices as kept; the measured one, lower
        let server = CountingServer()
        server.route("/lookup") { request in
            let region = request.query["country"] ?? "?"
            requests.withLock { $0[region, default: 0] += 1 }
            return LocalServerResponse(
                body: answer(
                    ids: (request.query["id"] ?? "").split(separator: ",").map(String.init), region: region,
                    lower: lower.withLock { $0 }))
        }
        let base = try server.start()
        defer { server.stop() }

        let bench = BenchWindow(apiBase: base, root: root)
        defer { bench.close() }
        bench.main.present()
        _ = bench.main.window.activateAction("win.show-my-items")
        // The check the window starts once the file is read (with no network it waits for the next one).
        MainContext.spin(until: { !bench.main.priceWatch.isChecking }, timeout: .seconds(120))
        requests.withLock { $0 = [:] }
        lower.withLock { $0 = true }
        let idle = Probe.idle(during: .milliseconds(1000))

        let probe = Probe()
        let start = ContinuousClock.now
        var changes = 0
        bench.main.priceWatch.checked.subscribe { changes = $0.count }
        bench.main.priceWatch.check()
        MainContext.spin(until: { !bench.main.priceWatch.isChecking }, timeout: .seconds(300))
        let time = ContinuousClock.now - start
        // My Items relists its 10,000 rows, the notification goes out
        MainContext.spin(until: { false }, timeout: .milliseconds(300))
        probe.stop()

        // each stall over 12 ms, to find where they come from
        if ProcessInfo.processInfo.environment["BENCH_STALLS"] != nil {
            for stall in probe.stalls where stall.length > .milliseconds(12) {
                print(
                    "    stall \(Measure.milliseconds(stall.length)) ending at \(Measure.milliseconds(stall.end - start))"
                )
            }
        }
        let asked = requests.withLock { $0 }
        for region in regions {
            let expected = (region.count + LookupQuery.maximumIDs - 1) / LookupQuery.maximumIDs
            print(
                "  \(region.code): \(region.count) items, \(asked[region.code] ?? 0) requests  (⌈n/200⌉ = \(expected))")
        }
        print(
            "  check: \(Measure.milliseconds(time)) for \(asked.values.reduce(0, +)) requests, \(changes) prices changed"
        )
        print(
            "  longest main-loop stall during the check and My Items' relisting after it: "
                + "\(Measure.milliseconds(probe.longestStall)), main thread busy \(Measure.milliseconds(probe.longestBusy))  "
                + "(idle: \(Measure.milliseconds(idle.stall)), busy \(Measure.milliseconds(idle.busy)); target 16 ms)")
    }

    /// Kept songs at 1.29 (JPY 250) in each region.
    static func keptItems() -> ItemStore {
        var store = ItemStore()
        let kept = Date(timeIntervalSince1970: 1_790_000_000)
        var index = 0
        for region in regions {
            for _ in 0..<region.count {
                let result = SearchResult(
                    id: "track:\(1_000_000 + index)", name: "Song number \(index)", artist: "Artist \(index % 300)",
                    kind: .song,
                    price: region.currency == "JPY" ? 250 : Decimal(string: "1.29"), currency: region.currency,
                    storeRegion: region.code)
                store.keep(result, at: kept)
                index += 1
            }
        }
        return store
    }

    /// The store's answer for `ids`: every third price lower when `lower`.
    nonisolated static func answer(ids: [String], region: String, lower: Bool) -> Data {
        let currency = regions.first { $0.code == region }?.currency ?? "USD"
        let records = ids.compactMap(Int.init).map { id in
            let price =
                currency == "JPY" ? (lower && id % 3 == 0 ? "200" : "250") : (lower && id % 3 == 0 ? "0.99" : "1.29")
            return """
                {"wrapperType":"track","kind":"song","trackId":\(id),"trackName":"Song number \(id - 1_000_000)",\
                "artistName":"Artist \((id - 1_000_000) % 300)","trackPrice":\(price),"currency":"\(currency)"}
                """
        }
        return Data("{\"resultCount\":\(records.count),\"results\":[\(records.joined(separator: ","))]}".utf8)
    }
}
