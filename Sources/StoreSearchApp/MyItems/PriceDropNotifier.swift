import Foundation
import Gtk
import StoreSearchCore

/// Tells the user, through one desktop notification (with or without a window), which kept
/// items got cheaper at the last price check ("3 kept items are cheaper: Kuzu Kuzu now $0.49 (was $0.99), …"); clicking it runs
/// `app.show-price-drops`, which opens My Items showing Price Drops. The main menu's "Notify About
/// Price Drops" (win.notify-price-drops, GSettings key `notify-price-drops`) turns it off, and
/// its "Price Drops" (win.price-drops) shows the same page.
@MainActor
final class PriceDropNotifier {
    static let notificationID = "price-drops"
    static let settingKey = "notify-price-drops"
    /// What clicking the notification runs (added at start, before any window).
    static let applicationAction = "show-price-drops"
    /// Items named in the body; the rest is "…".
    nonisolated static let namedItems = 3

    private let application: Application
    private let settings: Settings?
    private let locale: Locale
    /// What the last notification said (tests read it).
    private(set) var lastSent: (title: String, body: String)?

    init(application: Application, settings: Settings?, locale: Locale) {
        self.application = application
        self.settings = settings
        self.locale = locale
        application.watchNotificationServers()  // known before the first price check ends
    }

    /// The window's menu items: Price Drops (`showPriceDrops` opens My Items showing them) and
    /// Notify About Price Drops.
    func addActions(to window: Window, showPriceDrops: @escaping @MainActor () -> Void) {
        window.addAction(.priceDrops, showPriceDrops)
        window.addBoolAction(.notifyPriceDrops, state: isEnabled) { [weak self] on in
            self?.settings?.setBool(Self.settingKey, on)
        }
    }

    /// Whether the user wants to be told (on where there is no schema).
    var isEnabled: Bool { settings?.bool(Self.settingKey) ?? true }

    /// A price check ended with `changes` (item id → change): one notification for the drops.
    /// The drops are found and ordered off the main thread (a check may change 10,000 prices);
    /// only the few named are looked up in `store` (the store as it is then: a copy held
    /// meanwhile would be copied whole by the next change).
    func checked(_ changes: [String: PriceChange], store: @escaping @MainActor () -> ItemStore) {
        guard isEnabled, !changes.isEmpty else { return }
        let formatter = PriceFormatter(locale: locale)
        Task {
            let drops = await Task.detached(priority: .utility) { Self.drops(in: changes) }.value
            let names = Dictionary(
                uniqueKeysWithValues: drops.prefix(Self.namedItems).map { drop in
                    (drop.id, store().records[drop.id].map { MyItem(record: $0).item.name } ?? drop.id)
                })
            guard isEnabled, let message = Self.message(for: drops, names: names, formatter: formatter) else { return }
            lastSent = message
            application.sendNotification(
                id: Self.notificationID, title: message.title, body: message.body,
                iconName: StoreSearchApp.applicationID, defaultAction: "app.\(Self.applicationAction)")
        }
    }

    /// The drops among `changes`, largest first (each share worked out once).
    nonisolated static func drops(in changes: [String: PriceChange]) -> [(id: String, change: PriceChange)] {
        changes.compactMap { id, change in
            change.relative.flatMap { $0 < 0 ? (share: $0, id: id, change: change) : nil }
        }
        .sorted { ($0.share, $0.id) < ($1.share, $1.id) }
        .map { ($0.id, $0.change) }
    }

    /// The title and body for `drops` (largest first), the first few named by `names`; nil when none.
    nonisolated static func message(
        for drops: [(id: String, change: PriceChange)], names: [String: String],
        formatter: PriceFormatter
    ) -> (title: String, body: String)? {
        guard !drops.isEmpty else { return nil }
        let title = String(
            format: localizedPlural("%ld kept item is cheaper", "%ld kept items are cheaper", drops.count), drops.count)
        let wording = PriceChangeWording(formatter: formatter)
        var lines = drops.prefix(namedItems).map { id, change in wording.line(name: names[id] ?? id, change) }
        if drops.count > namedItems { lines.append("…") }
        // A line each: the wording has commas of its own.
        return (title, lines.joined(separator: "\n"))
    }
}
