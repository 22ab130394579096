import Foundation

/// Where a kept item's price is watched: the store's snapshot (its region and currency) and the
/// prices seen there. A kept item stays in the store it was kept in until the user moves it.
public struct WatchedStore: Hashable, Sendable {
    public var snapshot: SearchResult?
    public var priceHistory: [PricePoint]

    public init(snapshot: SearchResult?, priceHistory: [PricePoint] = []) {
        self.snapshot = snapshot
        self.priceHistory = priceHistory
    }

    /// The store `result` comes from, with no price seen there yet.
    public init(of result: SearchResult) {
        self.init(snapshot: result.snapshot)
    }
}
