import Foundation

/// Reads format 2 item files from the values PropertyListSerialization parsed, by hand:
/// PropertyListDecoder took several times as long as the parse itself. Wrong types throw,
/// so a damaged file is recognised as damaged. Links that are not web links are dropped.
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
        let snapshot = try (dictionary["snapshot"]).map { value -> SearchResult in
            guard let snapshot = value as? [String: Any] else { throw Damaged(reason: "a snapshot is not a dictionary") }
            return try result(from: snapshot)
        }
        guard let id = try string(dictionary, "id") ?? snapshot?.id else { throw Damaged(reason: "an item has no id") }
        var edits = ItemEdits()
        if let value = dictionary["edits"] {
            guard let fields = value as? [String: Any] else { throw Damaged(reason: "edits are not a dictionary") }
            edits = ItemEdits(name: try string(fields, "name"), artist: try string(fields, "artist"),
                              price: try decimal(fields, "price"), releaseDate: try date(fields, "releaseDate"),
                              notes: try string(fields, "notes"))
        }
        return ItemRecord(id: id, edits: edits, visitedAt: try date(dictionary, "visitedAt"), hiddenAt: hiddenAt,
                          snapshot: hiddenAt == nil ? nil : snapshot)
    }

    private static func result(from fields: [String: Any]) throws -> SearchResult {
        guard let id = try string(fields, "id"), let name = try string(fields, "name"),
              let kindName = try string(fields, "kind") else { throw Damaged(reason: "a snapshot lacks its id, name or kind") }
        return SearchResult(id: id, name: name, artist: try string(fields, "artist"), kind: ResultKind(storedName: kindName),
                            genre: try string(fields, "genre"), price: try decimal(fields, "price"),
                            currency: try string(fields, "currency"), releaseDate: try date(fields, "releaseDate"),
                            storeURL: try url(fields, "storeURL"), previewURL: try url(fields, "previewURL"),
                            artworkURL: try url(fields, "artworkURL"), largeArtworkURL: try url(fields, "largeArtworkURL"),
                            summary: try string(fields, "summary"))
    }

    private static func string(_ fields: [String: Any], _ key: String) throws -> String? {
        guard let value = fields[key] else { return nil }
        guard let text = value as? String else { throw Damaged(reason: "\(key) is not text") }
        return text
    }

    private static func date(_ fields: [String: Any], _ key: String) throws -> Date? {
        guard let value = fields[key] else { return nil }
        guard let date = value as? Date else { throw Damaged(reason: "\(key) is not a date") }
        return date
    }

    private static func decimal(_ fields: [String: Any], _ key: String) throws -> Decimal? {
        guard let text = try string(fields, key) else { return nil }
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw Damaged(reason: "\(key) is not a number: \(text)")
        }
        return decimal
    }

    private static func url(_ fields: [String: Any], _ key: String) throws -> URL? {
        try string(fields, key).flatMap { WebLink.web(URL(string: $0)) }
    }
}
