import Foundation

/// Reads format 2 and 3 item files from the values PropertyListSerialization parsed, by hand:
/// PropertyListDecoder took several times as long as the parse itself. A file another tool
/// wrote is read as it means: a price may be text, `<integer>` or `<real>`; a field of the wrong
/// type loses that field only (logged), and keys StoreSearch does not know are kept. A record
/// that is not a dictionary, or has no id, makes the file damaged. Links that are not web links
/// are dropped.
enum ItemStorePlistReader {
    struct Damaged: Error {
        let reason: String
    }

    static func records(from items: [Any]) throws -> [String: ItemRecord] {
        var records: [String: ItemRecord] = [:]
        records.reserveCapacity(items.count)
        for item in items {
            guard let dictionary = item as? [String: Any] else { throw Damaged(reason: "an item is not a dictionary") }
            let record = try record(from: dictionary)
            records[record.id] = record  // a repeated id: the last one wins, as before
        }
        return records
    }

    private static func record(from dictionary: [String: Any]) throws -> ItemRecord {
        let hiddenAt = try date(dictionary, "hiddenAt")
        var snapshot: SearchResult?
        if let value = dictionary["snapshot"] {
            if let fields = value as? [String: Any] { snapshot = try result(from: fields) } else { snapshot = skipped("snapshot", "is not a dictionary") }
        }
        guard let id = try string(dictionary, "id") ?? snapshot?.id else { throw Damaged(reason: "an item has no id") }
        var edits = ItemEdits()
        if let value = dictionary["edits"] {
            if let fields = value as? [String: Any] {
                edits = ItemEdits(name: try string(fields, "name"), artist: try string(fields, "artist"),
                                  price: try decimal(fields, "price"), releaseDate: try date(fields, "releaseDate"),
                                  notes: try string(fields, "notes"))
            } else {
                ItemStoreFile.log("left out the edits of \(id.prefix(100)): they are not a dictionary")
            }
        }
        var record = ItemRecord(id: id, edits: edits, visitedAt: try date(dictionary, "visitedAt"), hiddenAt: hiddenAt,
                                keptAt: try date(dictionary, "keptAt"), changedAt: try date(dictionary, "changedAt"),
                                snapshot: snapshot)
        for (key, value) in dictionary where !knownKeys.contains(key) {
            record.otherFields[key] = PlistValue(parsed: value)
        }
        return record
    }

    private static let knownKeys: Set<String> = ["id", "edits", "visitedAt", "hiddenAt", "keptAt", "changedAt", "snapshot"]

    private static func result(from fields: [String: Any]) throws -> SearchResult? {
        guard let id = try string(fields, "id"), let name = try string(fields, "name"),
              let kindName = try string(fields, "kind") else { return skipped("snapshot", "lacks its id, name or kind") }
        return SearchResult(id: id, name: name, artist: try string(fields, "artist"), kind: ResultKind(storedName: kindName),
                            genre: try string(fields, "genre"), price: try decimal(fields, "price"),
                            currency: try string(fields, "currency"), releaseDate: try date(fields, "releaseDate"),
                            storeURL: try url(fields, "storeURL"), previewURL: try url(fields, "previewURL"),
                            collectionName: try string(fields, "collectionName"), storeRegion: try string(fields, "storeRegion"),
                            artworkURL: try url(fields, "artworkURL"), largeArtworkURL: try url(fields, "largeArtworkURL"),
                            summary: try string(fields, "summary"))
    }

    private static func string(_ fields: [String: Any], _ key: String) throws -> String? {
        guard let value = fields[key] else { return nil }
        guard let text = value as? String else { return skipped(key, "is not text") }
        return TextBounds.showable(text)
    }

    private static func date(_ fields: [String: Any], _ key: String) throws -> Date? {
        guard let value = fields[key] else { return nil }
        guard let date = value as? Date else { return skipped(key, "is not a date") }
        return date
    }

    /// "1.29", `<integer>2</integer>` or `<real>1.5</real>` (what plistlib writes for a number).
    private static func decimal(_ fields: [String: Any], _ key: String) throws -> Decimal? {
        let text: String
        switch fields[key] {
        case nil: return nil
        case is Bool: return skipped(key, "is not a number")
        case let value as String: text = value
        case let value as Int: return Decimal(value)
        case let value as Double where value.isFinite: text = "\(value)"  // the shortest text that reads back as it
        default: return skipped(key, "is not a number")
        }
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            return skipped(key, "is not a number")
        }
        return decimal
    }

    private static func skipped<T>(_ key: String, _ problem: String) -> T? {
        ItemStoreFile.log("left out \(key) of an item: it \(problem)")
        return nil
    }

    private static func url(_ fields: [String: Any], _ key: String) throws -> URL? {
        try string(fields, key).flatMap { WebLink.web(URL(string: $0)) }
    }
}
