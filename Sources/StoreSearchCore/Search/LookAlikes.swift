/// Rows that would read the same (name, artist and kind alike: the same TV episode from its
/// season and from a bundle, a song on an album and on a compilation): those rows also show
/// their album or season, where the store named one.
public enum LookAlikes {
    /// The ids of the items whose row would otherwise read like another's.
    public static func ids(in items: [Item]) -> Set<String> {
        var rows: [String: [Item]] = [:]
        for item in items {
            rows["\(item.name)\u{1F}\(item.artist ?? "")\u{1F}\(item.result.kind.displayName)", default: []].append(
                item)
        }
        return Set(rows.values.filter { $0.count > 1 }.joined().filter { $0.result.collectionName != nil }.map(\.id))
    }
}
