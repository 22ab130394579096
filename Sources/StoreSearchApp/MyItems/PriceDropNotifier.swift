import Foundation
import Gtk
import StoreSearchCore

/// Tells the user, through one desktop notification, which kept items got cheaper at the last
/// price check ("3 kept items are cheaper: Kuzu Kuzu now $0.49 (was $0.99), …"); clicking it runs
/// `app.show-price-drops`, which opens My Items showing Price Drops. The main menu's "Notify About
/// Price Drops" (win.notify-price-drops, GSettings key `notify-price-drops`) turns it off, and
/// its "Price Drops" (win.price-drops) shows the same page.
@MainActor
final class PriceDropNotifier {
    static let notificationID = "price-drops"
    static let settingKey = "notify-price-drops"
    static let applicationAction = "show-price-drops"
    /// Items named in the body; the rest is "…".
    nonisolated static let namedItems = 3

    private let application: Application
    private let settings: Settings?
    private let locale: Locale
    /// What the last notification said (tests read it).
    private(set) var lastSent: (title: String, body: String)?

    /// `showPriceDrops`: opens My Items showing Price Drops (the notification's and the menu's action).
    init(application: Application, window: Window, settings: Settings?, locale: Locale, showPriceDrops: @escaping @MainActor () -> Void) {
        self.application = application
        self.settings = settings
        self.locale = locale
        // An application action (what a notification can name); a closed window's is never run.
        application.addAction(Self.applicationAction) { [weak window] in
            guard let window else { return }
            showPriceDrops()
            window.present()
        }
        window.addAction(.priceDrops, showPriceDrops)
        window.addBoolAction(.notifyPriceDrops, state: isEnabled) { [weak self] on in self?.settings?.setBool(Self.settingKey, on) }
    }

    /// Whether the user wants to be told (on where there is no schema).
    var isEnabled: Bool { settings?.bool(Self.settingKey) ?? true }

    /// A price check ended with `changes` (item id → change): one notification for the drops.
    func checked(_ changes: [String: PriceChange], store: ItemStore) {
        guard isEnabled, let message = Self.message(for: changes, store: store, formatter: PriceFormatter(locale: locale)) else { return }
        lastSent = message
        application.sendNotification(id: Self.notificationID, title: message.title, body: message.body,
                                     defaultAction: "app.\(Self.applicationAction)")
    }

    /// The title and body for the drops among `changes` (largest first); nil when none fell.
    nonisolated static func message(for changes: [String: PriceChange], store: ItemStore,
                                    formatter: PriceFormatter) -> (title: String, body: String)? {
        // The largest drops first (each share worked out once: 10,000 items may have changed).
        let drops = changes.compactMap { id, change in change.relative.flatMap { $0 < 0 ? (share: $0, id: id, change: change) : nil } }
            .sorted { ($0.share, $0.id) < ($1.share, $1.id) }
        guard !drops.isEmpty else { return nil }
        let title = String(format: localizedPlural("%ld kept item is cheaper", "%ld kept items are cheaper", drops.count), drops.count)
        var parts = drops.prefix(namedItems).map { _, id, change in
            let name = store.records[id].map { MyItem(record: $0).item.name } ?? id
            let now = formatter.string(for: change.current.price, currency: change.current.currency) ?? ""
            let was = formatter.string(for: change.previous.price, currency: change.previous.currency) ?? ""
            return String(format: localized("%1$@ now %2$@ (was %3$@)"), name, now, was)
        }
        if drops.count > namedItems { parts.append("…") }
        return (title, parts.joined(separator: ", "))
    }
}
