import Foundation

/// A lookup of known items by their store ids: `base/lookup?id=ID1,ID2,…&country=XX`. The store
/// answers in the same shape as a search, with the records it still has (missing ids are left out).
public struct LookupQuery: Hashable, Sendable {
    /// The store answers at most this many ids per request.
    public static let maximumIDs = 200

    /// Numeric store ids (track, collection, artist or app ids).
    public var ids: [String]
    /// Two-letter store region, such as "US".
    public var country: String

    /// Nil when no id is a store id; ids past `maximumIDs` are left for another query.
    public init?(ids: [String], country: String) {
        let numeric = ids.filter { !$0.isEmpty && $0.count <= 20 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        guard !numeric.isEmpty else { return nil }
        self.ids = Array(numeric.prefix(Self.maximumIDs))
        self.country = country
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
        var byRegion: [String: [String]] = [:]
        for item in items {
            guard let id = storeID(ofItem: item.id) else { continue }
            byRegion[item.region, default: []].append(id)
        }
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
        let items = [("id", ids.joined(separator: ",")), ("country", country)]
        return URL(string: "\(root)/lookup?" + items.map { "\($0)=\(SearchQuery.percentEncode($1))" }.joined(separator: "&"))!
    }
}
