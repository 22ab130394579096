import Foundation
import Gtk
import StoreSearchCore

/// The store's charts with their records: the feeds give the ids and the order, one lookup of
/// their ids (at most 200 a request, `LookupQuery.batches`) gives the records, so rows, details,
/// prices, previews and Keep are those of a search. Requests go through `SearchService`, to the
/// same host as searches and under the same Retry-After. A chart is kept for a day (charts
/// change daily); one whose records could not be looked up is shown from its feed and asked
/// again next time.
@MainActor
final class ChartService {
    static let lifetime: TimeInterval = 24 * 60 * 60
    private let search: SearchService
    private var cache = SearchCache(capacity: 64, lifetime: ChartService.lifetime)

    init(search: SearchService) { self.search = search }

    /// The store the charts come from now (it changes when the offline catalog is switched on).
    var baseURL: URL { search.baseURL }

    /// Charts answered from memory (tests).
    var cachedChartCount: Int { cache.count }

    /// Charts from memory that hold any of `ids` are asked of the store again (see `SearchCache`).
    func forgetAnswers(holding ids: Set<String>) { cache.forget(answersHolding: ids) }

    /// Each chart's records in its order, or its failure. Throws only `CancellationError`.
    func records(of charts: [Chart], now: Date = Date()) async throws -> [Chart: Result<[SearchResult], SearchFailure>]
    {
        var answers: [Chart: Result<[SearchResult], SearchFailure>] = [:]
        var feeds: [(chart: Chart, entries: [ChartEntry])] = []
        for chart in charts {
            if let cached = cache.results(for: chart.url(base: search.baseURL), now: now) {
                answers[chart] = .success(cached)
            }
        }
        let missing = charts.filter { answers[$0] == nil }
        // The feeds at once: the page fills as fast as the slowest of them.
        let fetched = await withTaskGroup(of: (Int, Result<[ChartEntry], SearchFailure>).self) { group in
            for (index, chart) in missing.enumerated() {
                group.addTask { [search] in
                    do {
                        return (index, .success(try await search.chartEntries(chart, now: now)))
                    } catch let failure as SearchFailure {
                        return (index, .failure(failure))
                    } catch {
                        return (index, .failure(.unreadable(detail: String(describing: error))))
                    }
                }
            }
            var results: [Int: Result<[ChartEntry], SearchFailure>] = [:]
            for await (index, result) in group { results[index] = result }
            return results
        }
        try Task.checkCancellation()
        for (index, chart) in missing.enumerated() {
            switch fetched[index] {
            case .success(let entries)?: feeds.append((chart, entries))
            case .failure(let failure)?: answers[chart] = .failure(failure)
            case nil: break
            }
        }
        for (chart, records) in try await lookUp(feeds) { answers[chart] = .success(records) }
        return answers
    }

    /// The feeds' records from the store's lookup (the ids of every chart in one request where they
    /// fit), each chart in its order; cached unless the lookup failed.
    private func lookUp(_ feeds: [(chart: Chart, entries: [ChartEntry])]) async throws -> [Chart: [SearchResult]] {
        let ids = feeds.flatMap { feed in feed.entries.map { (id: $0.id, region: feed.chart.country) } }
        var found: [SearchResult] = []
        var lookupFailed = false
        for query in LookupQuery.batches(storeIDs: Self.unique(ids)) {
            do {
                found += try await search.lookup(query)
            } catch let failure as SearchFailure {
                Log.message(
                    LogDomain.explore,
                    "The charts' records could not be looked up (\(failure.title)): shown from the feeds")
                lookupFailed = true
            }
        }
        var answers: [Chart: [SearchResult]] = [:]
        let now = Date()
        for (chart, entries) in feeds {
            let records = ChartRecords.records(
                of: entries, in: chart.feed, region: chart.country,
                lookup: found.filter { $0.storeRegion == nil || $0.storeRegion == chart.country })
            answers[chart] = records
            if !lookupFailed { cache.insert(records, for: chart.url(base: search.baseURL), now: now) }
        }
        return answers
    }

    private static func unique(_ ids: [(id: String, region: String)]) -> [(id: String, region: String)] {
        var seen: Set<String> = []
        return ids.filter { seen.insert("\($0.region)/\($0.id)").inserted }
    }
}
