import Foundation

/// One price the store asked for a kept item, from the moment StoreSearch saw it: the price, its
/// currency and the offer it belongs to (an album-only track's price is its album's). A kept
/// item's price history is one of these per change (`ItemRecord.priceHistory`).
public struct PricePoint: Hashable, Sendable {
    public var date: Date
    public var price: Decimal?
    public var currency: String?
    /// Why the price is not the item's own (album only, bundle only); nil when it is.
    public var offer: StoreOffers.Restriction?
    /// Keys another tool (or a newer version) wrote in the entry, kept and written back.
    public var otherFields: [String: PlistValue] = [:]

    public init(date: Date, price: Decimal?, currency: String?, offer: StoreOffers.Restriction? = nil) {
        // Whole seconds, as the file keeps dates.
        self.date = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        self.price = price
        self.currency = currency
        self.offer = offer
    }

    /// What the store asks for `result` (a snapshot) at `date`: its own price, or its album's.
    public init(of result: SearchResult, at date: Date) {
        let offer = result.offers?.restriction
        self.init(
            date: date, price: offer == nil ? result.price : result.offers?.collectionPrice, currency: result.currency,
            offer: offer)
    }

    /// The same price, currency and offer (whenever seen).
    public func isSamePrice(as other: PricePoint) -> Bool {
        price == other.price && currency == other.currency && offer == other.offer
    }

    /// The lowest of `points` in the last one's currency and offer (the earliest of equal ones).
    public static func lowest(in points: [PricePoint]) -> PricePoint? {
        guard let current = points.last, current.price != nil else { return nil }
        return points.filter { $0.isComparable(with: current) }.min { $0.price! < $1.price! }
    }

    /// Whether the two prices can be compared: both known, in one currency, for the same offer.
    public func isComparable(with other: PricePoint) -> Bool {
        price != nil && other.price != nil && currency == other.currency && offer == other.offer
    }
}

/// The last change of a kept item's price: the price now and the one before it.
public struct PriceChange: Hashable, Sendable {
    public var previous: PricePoint
    public var current: PricePoint

    public init(previous: PricePoint, current: PricePoint) {
        self.previous = previous
        self.current = current
    }

    /// Cheaper than before (same currency and offer).
    public var isDrop: Bool { relative.map { $0 < 0 } ?? false }
    /// Dearer than before (same currency and offer).
    public var isRise: Bool { relative.map { $0 > 0 } ?? false }

    /// The change as a fraction of the old price (-0.5: half the price), so changes in different
    /// currencies compare; nil when the prices cannot be compared (another currency or offer).
    public var relative: Double? {
        guard current.isComparable(with: previous), let old = previous.price, let new = current.price else {
            return nil
        }
        if old == 0 { return new == 0 ? 0 : 1 }
        return NSDecimalNumber(decimal: (new - old) / old).doubleValue
    }
}

extension ItemRecord {
    /// The last change of the store's price, when the history has one. A price in another
    /// currency than the one before starts a new series (a file where an item moved store): it
    /// is no change, neither a drop nor a rise.
    public var priceChange: PriceChange? {
        guard priceHistory.count >= 2 else { return nil }
        let previous = priceHistory[priceHistory.count - 2], current = priceHistory[priceHistory.count - 1]
        guard previous.currency == current.currency || previous.currency == nil || current.currency == nil else {
            return nil
        }
        return PriceChange(previous: previous, current: current)
    }

    /// The lowest price the history holds in the current price's currency and offer (the
    /// snapshot's price when there is no history yet).
    public var lowestPrice: PricePoint? {
        PricePoint.lowest(
            in: priceHistory.isEmpty
                ? (snapshot.map { [PricePoint(of: $0, at: keptAt ?? changedAt ?? .distantPast)] } ?? []) : priceHistory)
    }
}
