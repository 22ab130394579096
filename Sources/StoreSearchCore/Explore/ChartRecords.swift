/// A chart as the Explore page shows it: the feed's entries in the feed's order, each the store's
/// own record from the lookup of the chart's ids (so rows, details, prices, previews and Keep are
/// those of a search), or, where the lookup did not return it, made from the feed's fields.
public enum ChartRecords {
    /// `lookup`: the records the store's lookup of the entries' ids returned, in any order.
    public static func records(
        of entries: [ChartEntry], in feed: ChartFeed, region: String, lookup: [SearchResult]
    ) -> [SearchResult] {
        var byStoreID: [String: SearchResult] = [:]
        for record in lookup {
            guard let id = LookupQuery.storeID(ofItem: record.id), byStoreID[id] == nil else { continue }
            byStoreID[id] = record
        }
        var seen: Set<String> = []
        return entries.compactMap { entry in
            var result = byStoreID[entry.id] ?? entry.result(in: feed, region: region)
            if result.storeRegion == nil { result.storeRegion = region }
            return seen.insert(result.id).inserted ? result : nil
        }
    }
}
