import Foundation
import Synchronization

/// My Items, ready to be filtered as the user types: every record in one order, with the text the
/// filter searches (name, artist, notes) folded once (case and accents) into bytes, so that a
/// keystroke is one byte search per item even with 100,000 of them. A change of order re-sorts
/// without folding again; a change to a few items refolds only those and puts them in place by
/// binary search (a full sort of 100,000 took a third of a second). Entries are shared objects:
/// copying one by value (its `MyItem` holds dozens of references) cost more than the search, and
/// a copy of the list (another order, a change) or a list dropped on the main thread cost that per item.
public struct MyItemsList: Sendable {
    private final class Entry: Sendable {
        /// `MyItemsFilter.mask` bits, so the filter never reads the item.
        let flags: UInt8
        /// Name, artist and notes, folded, one per line.
        let text: [UInt8]
        let nameKey: [UInt8]
        let artistKey: [UInt8]
        let changedAt: Date
        /// What the price order compares: the item's own price, else its album's, in its currency.
        let price: (currency: String?, amount: Decimal)?
        /// The last price change as a share of the old price (nil: none, or not comparable).
        let priceChange: Double?
        let id: String
        let item: MyItem
        /// Unique to this entry: a list made or updated anew has new entries for the items that
        /// changed, so the rows to bind again are those whose key changed.
        let key: Int
        private static let lastKey = Atomic<Int>(0)

        init(_ record: ItemRecord) {
            key = Self.lastKey.add(1, ordering: .relaxed).newValue
            let item = MyItem(record: record)
            self.item = item
            id = item.id
            let nameKey = MyItemsList.fold(item.item.name), artistKey = item.item.artist.map(MyItemsList.fold) ?? []
            self.nameKey = nameKey
            self.artistKey = artistKey
            text = nameKey + [0x0A] + artistKey + [0x0A] + MyItemsList.fold(item.item.notes)
            flags = MyItemsFilter.allCases.reduce(0) { $1.includes(item) ? $0 | $1.mask : $0 }
            changedAt = item.changedAt ?? .distantPast
            let own = item.item
            price = (own.price ?? own.result.offers?.collectionPrice).map { (own.result.currency, $0) }
            priceChange = own.priceChange?.relative.flatMap { $0 == 0 ? nil : $0 }
        }
    }

    private var entries: [Entry]
    /// The entries' ids and keys in the same order, side by side: the page compares rows by key
    /// and finds them by id, and reading either from 100,000 entries scattered in memory cost
    /// tens of milliseconds.
    private var slots: [Slot]

    private struct Slot {
        let id: String
        let key: Int

        init(_ entry: Entry) {
            id = entry.id
            key = entry.key
        }
    }
    public private(set) var order: MyItemsOrder

    public init(store: ItemStore, order: MyItemsOrder) {
        self.order = order
        entries = store.records.values.map(Entry.init)
        Self.sort(&entries, by: order)
        slots = entries.map(Slot.init)
    }

    public var count: Int { entries.count }

    /// The same items in another order.
    public func sorted(by order: MyItemsOrder) -> MyItemsList {
        var list = self
        guard order != self.order else { return list }
        list.order = order
        Self.sort(&list.entries, by: order)
        list.slots = list.entries.map(Slot.init)
        return list
    }

    /// The list after these records changed (nil: forgotten). A few go to their place by binary
    /// search; many (a price check's thousands) are sorted among themselves and merged in one pass
    /// (an insertion each moved the whole list: thousands of times 10,000 entries). Takes only the
    /// changed records, not the store: a store held off the main thread is copied whole by the
    /// next change there.
    public func updating(_ changes: [(id: String, record: ItemRecord?)]) -> MyItemsList {
        var list = self
        guard !changes.isEmpty else { return list }
        let ids = Set(changes.map(\.id))
        var added = changes.compactMap { $0.record.map(Entry.init) }
        // Found by the ids side by side (a few compared as they are, more through the set).
        let few = ids.count <= 8 ? Array(ids) : nil
        let gone = list.slots.indices.filter { few?.contains(list.slots[$0].id) ?? ids.contains(list.slots[$0].id) }
        if gone.count <= 16 {
            for position in gone.reversed() {
                list.entries.remove(at: position)
                list.slots.remove(at: position)
            }
        } else {
            var kept = [Bool](repeating: true, count: list.slots.count)
            for position in gone { kept[position] = false }
            let positions = kept.indices.filter { kept[$0] }
            list.entries = positions.map { list.entries[$0] }
            list.slots = positions.map { list.slots[$0] }
        }
        guard added.count > 16 else {
            for entry in added {
                let position = list.insertionIndex(of: entry)
                list.entries.insert(entry, at: position)
                list.slots.insert(Slot(entry), at: position)
            }
            return list
        }
        Self.sort(&added, by: order)
        var merged: [Entry] = []
        merged.reserveCapacity(list.entries.count + added.count)
        var next = added.makeIterator(), pending = next.next()
        for entry in list.entries {
            while let new = pending, Self.precedes(new, entry, by: order) {
                merged.append(new)
                pending = next.next()
            }
            merged.append(entry)
        }
        while let new = pending {
            merged.append(new)
            pending = next.next()
        }
        list.entries = merged
        list.slots = merged.map(Slot.init)
        return list
    }

    private func insertionIndex(of entry: Entry) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(entries[middle], entry, by: order) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    public subscript(position: Int) -> MyItem { entries[position].item }

    /// The id of the item at `position` (without copying the item).
    public func id(at position: Int) -> String { slots[position].id }

    /// The ids of the items at `positions`, in one pass (a call per position cost 100,000 rows
    /// tens of milliseconds).
    public func ids(at positions: [Int]) -> [String] {
        positions.map { slots[$0].id }
    }

    /// What stands for the items at `positions` as they are now: an item that changed since
    /// (refolded by `updating`, or the list made anew) has another key, an unchanged one the same
    /// in every list made from this one, whatever its order.
    public func keys(at positions: [Int]) -> [Int] {
        positions.map { slots[$0].key }
    }

    /// The items `filter` lets through whose name, artist or notes contain every word of `text`
    /// (ignoring case and accents), in the list's order.
    public func items(_ filter: MyItemsFilter = .all, matching text: String = "") -> [MyItem] {
        positions(filter, matching: text).map { entries[$0].item }
    }

    /// The same as `items`, as positions in the list (no item is copied: a keystroke stays cheap).
    public func positions(_ filter: MyItemsFilter = .all, matching text: String = "") -> [Int] {
        let words = text.split(whereSeparator: \.isWhitespace).map { Self.fold(String($0)) }
        let mask = filter.mask
        return entries.withUnsafeBufferPointer { entries in
            var matched: [Int] = []
            matched.reserveCapacity(entries.count)
            for position in entries.indices where entries[position].flags & mask == mask {
                if words.allSatisfy({ Self.contains(entries[position].text, $0) }) { matched.append(position) }
            }
            return matched
        }
    }

    /// Whether `text` holds every word of `query`, ignoring case and accents (as the filter does).
    public static func text(_ text: String, matches query: String) -> Bool {
        let folded = fold(text)
        return query.split(whereSeparator: \.isWhitespace).allSatisfy { contains(folded, fold(String($0))) }
    }

    /// As searches compare it (`foldedForSearch`: "SIMARIK" finds "Şımarık"). ASCII text (most
    /// names) is folded byte by byte; the rest by Foundation, which costs about ten times as much.
    static func fold(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return Array(text.foldedForSearch.utf8) }
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

    private static func sort(_ entries: inout [Entry], by order: MyItemsOrder) {
        guard entries.count > 1 else { return }
        entries.sort { precedes($0, $1, by: order) }
    }

    /// Whether `left` comes before `right` in `order`. Ties by id, so the order is the same every
    /// time; items without the value go last.
    private static func precedes(_ left: Entry, _ right: Entry, by order: MyItemsOrder) -> Bool {
        switch order {
        case .name:
            return precedes(left.nameKey, right.nameKey) ?? (left.id < right.id)
        case .artist:
            switch (left.artistKey.isEmpty, right.artistKey.isEmpty) {
            case (false, true): return true
            case (true, false): return false
            default: return precedes(left.artistKey, right.artistKey) ?? (left.id < right.id)
            }
        case .dateChanged:
            return left.changedAt != right.changedAt ? left.changedAt > right.changedAt : left.id < right.id
        case .priceChange:
            switch (left.priceChange, right.priceChange) {
            case let (a?, b?) where a != b: return a < b
            case (_?, nil): return true
            case (nil, _?): return false
            default: return precedes(left.nameKey, right.nameKey) ?? (left.id < right.id)
            }
        case .price:
            // ¥300 is not dearer than A$18.99: prices compare within their currency only, the
            // currencies grouped in code order (one without a currency after them). An item not
            // sold on its own sorts by the album price its row shows.
            switch (left.price, right.price) {
            case let (a?, b?) where a.currency != b.currency:
                guard let first = a.currency, let second = b.currency else { return a.currency != nil }
                return first < second
            case let (a?, b?) where a.amount != b.amount: return a.amount < b.amount
            case (_?, nil): return true
            case (nil, _?): return false
            default: return left.id < right.id
            }
        }
    }

    /// Byte order of folded keys (a locale-aware comparison took most of a second for 10,000
    /// items); nil when equal.
    private static func precedes(_ left: [UInt8], _ right: [UInt8]) -> Bool? {
        let length = min(left.count, right.count)
        let order =
            length == 0
            ? 0
            : left.withUnsafeBufferPointer { a in
                right.withUnsafeBufferPointer { b in memcmp(a.baseAddress!, b.baseAddress!, length) }
            }
        if order != 0 { return order < 0 }
        return left.count == right.count ? nil : left.count < right.count
    }
}
