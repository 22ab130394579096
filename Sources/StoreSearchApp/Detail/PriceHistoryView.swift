import Adw
import Foundation
import Gtk
import StoreSearchCore

/// The detail's price history of a kept item (price-history.ui): "Lowest Price Seen" first, then
/// each price the store asked, newest first, with the day it was seen: a list of rows a screen
/// reader reads as they show ("$0.49, 27 Nov 2026"). Hidden for an item whose price never
/// changed since it was kept (it has no history).
@MainActor
final class PriceHistoryView {
    /// price-history.ui's objects.
    private let ui = PriceHistoryOutlets()
    var root: Box { ui.priceHistory }
    private var rows: [ActionRow] = []
    private let locale: Locale
    /// A long history shows its newest prices only.
    static let shownEntries = 20

    init(locale: Locale) {
        self.locale = locale
    }

    /// The rows' texts, as shown. For tests and the bench.
    package var rowTexts: [(title: String, subtitle: String)] { shownTexts }
    private var shownTexts: [(title: String, subtitle: String)] = []

    func show(_ item: Item?) {
        let texts = item.map(Self.texts(formatter: PriceFormatter(locale: locale), dates: dateFormat)) ?? []
        guard texts.map(\.title) != shownTexts.map(\.title) || texts.map(\.subtitle) != shownTexts.map(\.subtitle)
        else { return }
        shownTexts = texts
        for row in rows { ui.priceHistoryList.remove(row) }
        rows = texts.map { title, subtitle in
            let row = ActionRow(title: title, subtitle: subtitle)
            // Named by its title alone, a row was heard without its day.
            row.replaceAccessibleName(with: Self.spoken(title: title, subtitle: subtitle))
            ui.priceHistoryList.append(row)
            return row
        }
        root.isVisible = !texts.isEmpty
    }

    /// What a screen reader hears for a row: its price and its day ("$0.49, Nov 27, 2026").
    static func spoken(title: String, subtitle: String) -> String {
        String(format: localized("%1$@, %2$@"), title, subtitle)
    }

    private var dateFormat: Date.FormatStyle { Date.FormatStyle(date: .abbreviated, time: .omitted).locale(locale) }

    /// "Lowest Price Seen" with its price and day, then one row per price, newest first.
    static func texts(formatter: PriceFormatter, dates: Date.FormatStyle) -> (Item) -> [(
        title: String, subtitle: String
    )] {
        { item in
            guard !item.priceHistory.isEmpty else { return [] }
            func price(_ point: PricePoint) -> String {
                let offers = point.offer.map { StoreOffers(restriction: $0, collectionPrice: point.price) }
                return formatter.listing(price: point.price, ownPrice: false, offers: offers, currency: point.currency)
                    ?? localized("No price")
            }
            var texts: [(title: String, subtitle: String)] = []
            if let lowest = item.lowestPrice {
                texts.append(
                    (
                        String(format: localized("Lowest Price Seen: %@"), price(lowest)),
                        String(format: localized("on %@"), lowest.date.formatted(dates))
                    ))
            }
            for point in item.priceHistory.suffix(shownEntries).reversed() {
                texts.append((price(point), point.date.formatted(dates)))
            }
            return texts
        }
    }
}
