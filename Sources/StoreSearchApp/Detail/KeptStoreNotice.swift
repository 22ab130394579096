import Foundation
import Gtk
import StoreSearchCore

/// In the detail of a kept item shown from another store than the one it was kept from (a search
/// in another region, issue #45): says where its price is watched, with a button that watches it
/// in this store instead (win.watch-here, `ItemActions`). Hidden for any other item: a sighting in
/// another store changes nothing of a kept item.
@MainActor
final class KeptStoreNotice {
    /// kept-store.ui's objects.
    private let ui = KeptStoreOutlets()
    var root: Box { ui.keptStore }
    private let locale: Locale

    init(locale: Locale) {
        self.locale = locale
    }

    /// What the label says (tests read it).
    var text: String { ui.keptStoreLabel.text }

    func show(_ item: Item?) {
        guard let item, let kept = item.keptFrom else { return root.isVisible = false }
        let formatter = PriceFormatter(locale: locale)
        let price =
            formatter.listing(price: kept.price, ownPrice: false, offers: kept.offers, currency: kept.currency)
            ?? localized("No price")
        ui.keptStoreLabel.text = String(
            format: localized("Kept from the store of %1$@, where it costs %2$@: its price is watched there."),
            kept.storeRegion.map { StoreRegion.name(of: $0, in: locale) } ?? localized("another region"), price)
        root.isVisible = true
    }
}
