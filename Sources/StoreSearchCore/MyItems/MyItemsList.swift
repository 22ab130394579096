import Foundation

/// My Items, ready to be filtered as the user types: every record in one order, with the text the
/// filter searches (name, artist, notes) folded once (case and accents) into bytes, so that a
/// keystroke is one byte search per item even with 10,000 of them. A change of order re-sorts
/// without folding again; a change to a few items refolds only those.
public struct MyItemsList: Sendable {
    private struct Entry: Sendable {
        var item: MyItem
        var nameKey: [UInt8]
        var artistKey: [UInt8]
        /// Name, artist and notes, folded, one per line.
        var text: [UInt8]

        init(_ record: ItemRecord) {
            item = MyItem(record: record)
            nameKey = MyItemsList.fold(item.item.name)
            artistKey = item.item.artist.map(MyItemsList.fold) ?? []
            text = nameKey + [0x0A] + artistKey + [0x0A] + MyItemsList.fold(item.item.notes)
        }
    }

    private var entries: [Entry]
    public private(set) var order: MyItemsOrder

    public init(store: ItemStore, order: MyItemsOrder) {
        self.order = order
        entries = store.records.values.map(Entry.init)
        Self.sort(&entries, by: order)
    }

    public var count: Int { entries.count }

    /// The same items in another order.
    public func sorted(by order: MyItemsOrder) -> MyItemsList {
        var list = self
        list.order = order
        Self.sort(&list.entries, by: order)
        return list
    }

    /// The list after the records with `ids` changed in `store` (added, changed or forgotten).
    public func updating(_ ids: Set<String>, from store: ItemStore) -> MyItemsList {
        var list = self
        list.entries.removeAll { ids.contains($0.item.id) }
        list.entries += ids.compactMap { store.records[$0] }.map(Entry.init)
        Self.sort(&list.entries, by: order)
        return list
    }

    public subscript(position: Int) -> MyItem { entries[position].item }

    /// The items `filter` lets through whose name, artist or notes contain every word of `text`
    /// (ignoring case and accents), in the list's order.
    public func items(_ filter: MyItemsFilter = .all, matching text: String = "") -> [MyItem] {
        positions(filter, matching: text).map { entries[$0].item }
    }

    /// The same as `items`, as positions in the list (no item is copied: a keystroke stays cheap).
    public func positions(_ filter: MyItemsFilter = .all, matching text: String = "") -> [Int] {
        let words = text.split(whereSeparator: \.isWhitespace).map { Self.fold(String($0)) }
        return entries.indices.filter { position in
            let entry = entries[position]
            return filter.includes(entry.item) && words.allSatisfy { Self.contains(entry.text, $0) }
        }
    }

    /// Whether `text` holds every word of `query`, ignoring case and accents (as the filter does).
    public static func text(_ text: String, matches query: String) -> Bool {
        let folded = fold(text)
        return query.split(whereSeparator: \.isWhitespace).allSatisfy { contains(folded, fold(String($0))) }
    }

    /// Lower case without accents. ASCII text (most names) is folded byte by byte; the rest by
    /// Foundation, which costs about ten times as much.
    static func fold(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return Array(text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8)
        }
        for index in bytes.indices where bytes[index] >= 0x41 && bytes[index] <= 0x5A { bytes[index] += 0x20 }
        return bytes
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { word in
                let first = word[0]
                for start in 0...(hay.count - word.count) where hay[start] == first {
                    if memcmp(hay.baseAddress! + start, word.baseAddress!, word.count) == 0 { return true }
                }
                return false
            }
        }
    }

    /// Ties by id, so the order is the same every time; items without the value go last. The
    /// positions are sorted, then each entry moved once (swapping whole entries cost more).
    private static func sort(_ entries: inout [Entry], by order: MyItemsOrder) {
        let sorted: [Int]
        switch order {
        case .name:
            sorted = entries.indices.sorted { precedes(entries[$0].nameKey, entries[$1].nameKey) ?? (entries[$0].item.id < entries[$1].item.id) }
        case .artist:
            sorted = entries.indices.sorted { left, right in
                switch (entries[left].artistKey.isEmpty, entries[right].artistKey.isEmpty) {
                case (false, true): return true
                case (true, false): return false
                default: return precedes(entries[left].artistKey, entries[right].artistKey) ?? (entries[left].item.id < entries[right].item.id)
                }
            }
        case .dateChanged:
            let dates = entries.map { $0.item.changedAt ?? .distantPast }
            sorted = entries.indices.sorted { dates[$0] != dates[$1] ? dates[$0] > dates[$1] : entries[$0].item.id < entries[$1].item.id }
        case .price:
            // ¥300 is not dearer than A$18.99: prices compare within their currency only, the
            // currencies grouped in code order (one without a currency after them). An item not
            // sold on its own sorts by the album price its row shows.
            let keys = entries.map { entry -> (currency: String?, price: Decimal)? in
                let item = entry.item.item
                return (item.price ?? item.result.offers?.collectionPrice).map { (item.result.currency, $0) }
            }
            sorted = entries.indices.sorted { left, right in
                switch (keys[left], keys[right]) {
                case let (a?, b?) where a.currency != b.currency:
                    guard let first = a.currency, let second = b.currency else { return a.currency != nil }
                    return first < second
                case let (a?, b?) where a.price != b.price: return a.price < b.price
                case (_?, nil): return true
                case (nil, _?): return false
                default: return entries[left].item.id < entries[right].item.id
                }
            }
        }
        entries = sorted.map { entries[$0] }
    }

    /// Byte order of folded keys (a locale-aware comparison took most of a second for 10,000
    /// items); nil when equal.
    private static func precedes(_ left: [UInt8], _ right: [UInt8]) -> Bool? {
        let length = min(left.count, right.count)
        let order = length == 0 ? 0 : left.withUnsafeBufferPointer { a in
            right.withUnsafeBufferPointer { b in memcmp(a.baseAddress!, b.baseAddress!, length) }
        }
        if order != 0 { return order < 0 }
        return left.count == right.count ? nil : left.count < right.count
    }
}
