import Foundation

/// A lookup of known items by their store ids: `base/lookup?id=ID1,ID2,…&country=XX`. The store
/// answers in the same shape as a search, with the records it still has (missing ids are left out).
/// With an `entity`, it answers what belongs to the id instead: `id=ARTIST&entity=album` gives the
/// artist's record first, then their albums; `id=ALBUM&entity=song` the album's record, then its tracks.
public struct LookupQuery: Hashable, Sendable {
    /// The store answers at most this many ids per request.
    public static let maximumIDs = 200

    /// Numeric store ids (track, collection, artist or app ids).
    public var ids: [String]
    /// Two-letter store region, such as "US".
    public var country: String
    /// What to list of the id's artist or collection ("album", "song", "software", "ebook", …);
    /// nil: the records themselves.
    public var entity: String?

    /// Nil when no id is a store id; ids past `maximumIDs` are left for another query.
    public init?(ids: [String], country: String, entity: String? = nil) {
        let numeric = ids.filter(Self.isStoreID)
        guard !numeric.isEmpty else { return nil }
        self.ids = Array(numeric.prefix(Self.maximumIDs))
        self.country = country
        self.entity = entity.flatMap {
            $0.isEmpty || !$0.allSatisfy({ $0.isASCII && ($0.isLetter || $0 == ",") }) ? nil : $0
        }
    }

    /// Whether `text` is a store id: digits only, at most 20 of them.
    public static func isStoreID(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 20 && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The store id inside an item id ("track:123", "collection:123" and "artist:123" give "123");
    /// nil for items known only by their link.
    public static func storeID(ofItem itemID: String) -> String? {
        for prefix in ["track:", "collection:", "artist:"] where itemID.hasPrefix(prefix) {
            let id = String(itemID.dropFirst(prefix.count))
            return id.isEmpty || !id.allSatisfy(\.isNumber) ? nil : id
        }
        return nil
    }

    /// The queries that look up `items` (item ids, each with the store region it belongs to):
    /// one region per query, at most `maximumIDs` ids each, so n items in one region take ⌈n/200⌉
    /// requests. Regions in code order, ids in the order given; items known only by their link
    /// are left out.
    public static func batches(_ items: [(id: String, region: String)]) -> [LookupQuery] {
        batches(storeIDs: items.compactMap { item in storeID(ofItem: item.id).map { (id: $0, region: item.region) } })
    }

    /// The same for store ids themselves (an item known only by its link is asked for by the id
    /// its link names).
    public static func batches(storeIDs items: [(id: String, region: String)]) -> [LookupQuery] {
        var byRegion: [String: [String]] = [:]
        for item in items { byRegion[item.region, default: []].append(item.id) }
        return byRegion.keys.sorted().flatMap { region in
            let ids = byRegion[region]!
            return stride(from: 0, to: ids.count, by: maximumIDs).compactMap { start in
                LookupQuery(ids: Array(ids[start..<min(ids.count, start + maximumIDs)]), country: region)
            }
        }
    }

    public func url(base: URL) -> URL {
        var root = base.absoluteString
        while root.hasSuffix("/") { root.removeLast() }
        var items = [("id", ids.joined(separator: ",")), ("country", country)]
        // The store lists 50 works of an artist unless asked for more; 200 is its most.
        if let entity { items += [("entity", entity), ("limit", String(Self.maximumIDs))] }
        return URL(
            string: "\(root)/lookup?" + items.map { "\($0)=\(SearchQuery.percentEncode($1))" }.joined(separator: "&"))!
    }
}
