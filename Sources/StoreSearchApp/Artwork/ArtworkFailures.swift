import Foundation

/// Image URLs that failed recently, so rows showing them do not ask again. A URL that answered
/// 4xx or gave a broken or oversized image is refused for ten minutes. A timeout, 5xx or a
/// connection failure is no verdict on the image: it is tried again when its row is bound again,
/// after a pause that grows with each failure in a row (5 s, 15 s, then a minute), so a slow
/// link still gets its artwork and a dead host is not asked in a tight loop.
/// Bounded: the oldest entries go first.
@MainActor
final class ArtworkFailures {
    enum Kind {
        /// Will not get better soon: 4xx, broken, over the caps.
        case permanent
        /// May: timeout, 5xx, connection lost.
        case transient
    }

    static let lifetime: Duration = .seconds(10 * 60)
    /// The pause after the first, second and any later transient failure in a row.
    static let retryPauses: [Duration] = [.seconds(5), .seconds(15), .seconds(60)]
    static let capacity = 2_000

    private var entries: [URL: (until: ContinuousClock.Instant, transientCount: Int)] = [:]
    private let now: () -> ContinuousClock.Instant

    init(now: @escaping () -> ContinuousClock.Instant = { .now }) { self.now = now }

    /// Whether `url` should not be requested now.
    func isRefused(_ url: URL) -> Bool {
        guard let entry = entries[url] else { return false }
        if entry.until > now() { return true }
        if entry.transientCount == 0 { entries[url] = nil }  // a permanent failure expired
        return false  // a transient failure's retry (the entry stays to count it)
    }

    func record(_ url: URL, _ kind: Kind) {
        let previous = entries[url]?.transientCount ?? 0
        switch kind {
        case .permanent:
            entries[url] = (now() + Self.lifetime, 0)
        case .transient:
            let count = previous + 1
            entries[url] = (now() + Self.retryPauses[min(count, Self.retryPauses.count) - 1], count)
        }
        if entries.count > Self.capacity { trim() }
    }

    /// A success clears the URL's history.
    func clear(_ url: URL) { entries[url] = nil }

    var count: Int { entries.count }

    private func trim() {
        let current = now()
        entries = entries.filter { $0.value.until > current || $0.value.transientCount > 0 }
        guard entries.count > Self.capacity * 3 / 4 else { return }
        for (url, _) in entries.sorted(by: { $0.value.until < $1.value.until }).prefix(
            entries.count - Self.capacity * 3 / 4)
        {
            entries[url] = nil
        }
    }
}
