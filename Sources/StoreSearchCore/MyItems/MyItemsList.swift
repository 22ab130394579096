import Foundation

/// My Items, ready to be filtered as the user types: every record in one order, with the text
/// the filter searches folded once (case and accents), so a keystroke is one pass over plain
/// strings even with 10,000 items. Make a new list when the store or the order changes.
public struct MyItemsList: Sendable {
    private struct Entry: Sendable {
        var item: MyItem
        /// Name, artist and notes, folded.
        var text: String
    }

    private let entries: [Entry]
    public let order: MyItemsOrder

    public init(store: ItemStore, order: MyItemsOrder) {
        self.order = order
        var entries = store.records.values.map { record in
            let item = MyItem(record: record)
            return Entry(item: item, text: Self.fold("\(item.item.name)\n\(item.item.artist ?? "")\n\(item.item.notes)"))
        }
        Self.sort(&entries, by: order)
        self.entries = entries
    }

    public var count: Int { entries.count }

    /// The items `filter` lets through whose name, artist or notes contain `text` (ignoring case
    /// and accents), in the list's order.
    public func items(_ filter: MyItemsFilter = .all, matching text: String = "") -> [MyItem] {
        let words = Self.fold(text).split(whereSeparator: \.isWhitespace)
        return entries.lazy
            .filter { filter.includes($0.item) && words.allSatisfy($0.text.contains) }
            .map(\.item)
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// Sorted on folded keys (a plain comparison: a locale-aware one took most of a second for
    /// 10,000 items); ties by id, so the order is the same every time.
    private static func sort(_ entries: inout [Entry], by order: MyItemsOrder) {
        switch order {
        case .name:
            let keys = entries.map { fold($0.item.item.name) }
            sortByKeys(&entries, keys, ascending: true)
        case .artist:
            let keys = entries.map { fold($0.item.item.artist ?? "\u{10FFFF}") }  // no artist: last
            sortByKeys(&entries, keys, ascending: true)
        case .dateChanged:
            let keys = entries.map { $0.item.changedAt ?? .distantPast }
            sortByKeys(&entries, keys, ascending: false)
        case .price:
            let keys = entries.map { $0.item.item.price ?? Decimal.greatestFiniteMagnitude }  // no price: last
            sortByKeys(&entries, keys, ascending: true)
        }
    }

    private static func sortByKeys<Key: Comparable>(_ entries: inout [Entry], _ keys: [Key], ascending: Bool) {
        let order = keys.indices.sorted { left, right in
            if keys[left] != keys[right] { return ascending ? keys[left] < keys[right] : keys[left] > keys[right] }
            return entries[left].item.id < entries[right].item.id
        }
        entries = order.map { entries[$0] }
    }
}
