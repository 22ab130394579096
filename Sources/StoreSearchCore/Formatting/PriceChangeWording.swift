import Foundation

/// The one wording of a kept item's price change, wherever it shows (a row of the results or of My
/// Items, the price-drop notification, `--refresh-prices`): "$0.49, was $0.99" for a drop (or a
/// change that is neither, such as another currency), "$1.29, up from $0.99" for a rise; after the
/// item's name, "Kuzu Kuzu: $0.49, was $0.99".
public struct PriceChangeWording: Sendable {
    public let formatter: PriceFormatter

    public init(formatter: PriceFormatter) { self.formatter = formatter }

    /// The format: the new price is `%1$@`, the old one `%2$@`.
    public static func format(for change: PriceChange) -> String {
        change.isRise ? localized("%1$@, up from %2$@") : localized("%1$@, was %2$@")
    }

    /// The new price as listed ("$0.49", "Album Only · ¥2,750"; "No price" when the store named none).
    public func now(_ change: PriceChange) -> String { listing(change.current) }

    /// The old price: only the price when the offer is the one `now` names already ("was ¥3,000").
    public func old(_ change: PriceChange) -> String {
        guard change.previous.offer == change.current.offer else { return listing(change.previous) }
        return formatter.string(for: change.previous.price, currency: change.previous.currency) ?? localized("No price")
    }

    /// "$0.49, was $0.99".
    public func phrase(_ change: PriceChange) -> String {
        String(format: Self.format(for: change), now(change), old(change))
    }

    /// "Kuzu Kuzu: $0.49, was $0.99".
    public func line(name: String, _ change: PriceChange) -> String {
        String(format: localized("%1$@: %2$@"), name, phrase(change))
    }

    private func listing(_ point: PricePoint) -> String {
        let offers = point.offer.map { StoreOffers(restriction: $0, collectionPrice: point.price) }
        return formatter.listing(price: point.price, ownPrice: false, offers: offers, currency: point.currency)
            ?? localized("No price")
    }
}
