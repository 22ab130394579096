import Foundation

/// Recent answers by query URL: at most `capacity` queries, each for `lifetime`, the least
/// recently used one dropped first. The store allows about 20 searches a minute.
public struct SearchCache: Sendable {
    public let capacity: Int
    public let lifetime: TimeInterval
    private var entries: [URL: (date: Date, results: [SearchResult])] = [:]
    /// Least recently used first.
    private var order: [URL] = []

    public init(capacity: Int = 32, lifetime: TimeInterval = 10 * 60) {
        self.capacity = capacity
        self.lifetime = lifetime
    }

    public var count: Int { entries.count }

    /// The answer for `url` if it is still fresh at `now`; a hit makes it the most recently used.
    public mutating func results(for url: URL, now: Date) -> [SearchResult]? {
        guard let entry = entries[url] else { return nil }
        guard now.timeIntervalSince(entry.date) < lifetime else {
            remove(url)
            return nil
        }
        touch(url)
        return entry.results
    }

    public mutating func insert(_ results: [SearchResult], for url: URL, now: Date) {
        entries[url] = (now, results)
        touch(url)
        // Expired entries go first, then the least recently used beyond the capacity.
        for stale in order where now.timeIntervalSince(entries[stale]!.date) >= lifetime { remove(stale) }
        while order.count > capacity { remove(order[0]) }
    }

    /// Drops the answers that hold any of `ids`: the store said something newer of those items
    /// (a price check), which an older answer shown again would write back over.
    public mutating func forget(answersHolding ids: Set<String>) {
        guard !ids.isEmpty else { return }
        for (url, entry) in entries where entry.results.contains(where: { ids.contains($0.id) }) { remove(url) }
    }

    private mutating func touch(_ url: URL) {
        order.removeAll { $0 == url }
        order.append(url)
    }

    private mutating func remove(_ url: URL) {
        entries[url] = nil
        order.removeAll { $0 == url }
    }
}
