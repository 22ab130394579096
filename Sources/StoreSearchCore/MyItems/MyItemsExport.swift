import Foundation

/// My Items as a file for other programs: CSV (RFC 4180: UTF-8, CRLF, a header row, quotes where
/// needed) or JSON, chosen by the file name's extension. Each item has the user's values and the
/// store's originals side by side; dates are ISO 8601 (UTC), prices plain numbers with their
/// currency code. The file appears whole or not at all (written beside it, then renamed). In CSV,
/// text that a spreadsheet would run as a formula is neutralised; JSON keeps every value exact.
public enum MyItemsExport {
    public enum Format: Sendable {
        case csv, json

        /// From the file name; nil when it ends in neither .csv nor .json.
        public init?(fileName: String) {
            switch (fileName as NSString).pathExtension.lowercased() {
            case "csv": self = .csv
            case "json": self = .json
            default: return nil
            }
        }

        public var fileExtension: String { self == .csv ? "csv" : "json" }

        /// The file name to write `typed` as, with this format picked in the Save dialog: a name
        /// ending in the other format's extension keeps it unless the user picked this format
        /// (`picked`: typing ".json" with CSV left as it was is a choice too); a name ending in
        /// neither gets this format's.
        public func fileName(for typed: String, picked: Bool) -> String {
            guard let typedFormat = Format(fileName: typed) else { return typed + "." + fileExtension }
            guard typedFormat != self, picked else { return typed }
            return (typed as NSString).deletingPathExtension + "." + fileExtension
        }
    }

    public enum Failure: Error, Equatable, Sendable {
        case unknownFormat(String)
        case cannotWrite(path: String, reason: String)

        public var message: String {
            switch self {
            case .unknownFormat(let path):
                String(format: localized("Cannot export to %@: the file name must end in .csv or .json."), path)
            case .cannotWrite(let path, let reason):
                String(format: localized("Could not export My Items to %1$@: %2$@."), path, reason)
            }
        }
    }

    /// The columns, in order: the user's value, then the store's, where both exist. `kind` is the
    /// same in every language ("music-video"), `kindName` as the user reads it; `offer` says why
    /// an item has no price of its own ("album-only"), `collectionPrice` what its album costs.
    static let columns = [
        "id", "kind", "kindName", "name", "storeName", "artist", "storeArtist", "price", "storePrice",
        "offer", "collectionPrice", "currency",
        "releaseDate", "storeReleaseDate", "notes", "genre", "collection", "storeRegion", "storeLink",
        "artworkURL", "previewURL", "kept", "hidden", "visited", "changed", "lowestPrice",
    ]
    /// Only JSON has these: `priceHistory`, a kept item's prices, one object per change
    /// (`date`, `price`, `currency`, `offer`), oldest first.
    static let jsonOnlyColumns = ["priceHistory"]

    /// Writes `items` to `url` in the format its name asks for.
    public static func write(_ items: [MyItem], to url: URL) throws(Failure) {
        guard let format = Format(fileName: url.lastPathComponent) else { throw .unknownFormat(url.path) }
        let bytes = [UInt8](data(items, format: format))
        do {
            // A normal document: readable as the user's umask allows, unlike the private item file.
            try AtomicFile(url: url).replace(permissions: 0o666, creatingFolder: false) {
                write throws(AtomicFile.Failure) in try write(bytes)
            }
        } catch {
            throw .cannotWrite(path: url.path, reason: error.reason)
        }
    }

    public static func data(_ items: [MyItem], format: Format) -> Data {
        let rows = items.map(fields)
        switch format {
        case .csv:
            var text = csvLine(columns)
            for row in rows { text += csvLine(columns.map { row[$0].map(\.csvText) ?? "" }) }
            return Data(text.utf8)
        case .json:
            return json(rows)
        }
    }

    /// A value of one column: text, or a number or flag that JSON writes as such.
    enum Value {
        case text(String), number(Decimal), flag(Bool)
        /// A list of objects (JSON only).
        case objects([[(key: String, value: Value)]])

        var text: String {
            switch self {
            case .text(let text): text
            case .number(let number): "\(number)"
            case .flag(let flag): flag ? "true" : "false"
            case .objects: ""
            }
        }

        /// Text starting with what makes a spreadsheet read a formula (`=`, `+`, `-`, `@`, tab, CR)
        /// gets a leading `'`, as OWASP advises for CSV injection: names and notes come from the
        /// store and from other tools. Numbers and flags are the export's own and stay as they are.
        var csvText: String {
            guard case .text(let text) = self, let first = text.unicodeScalars.first,
                "=+-@\t\r".unicodeScalars.contains(first)
            else { return self.text }
            return "'" + text
        }
    }

    static func fields(_ entry: MyItem) -> [String: Value] {
        let item = entry.item, store = item.result
        var fields: [String: Value] = [
            "id": .text(item.id), "name": .text(item.name), "notes": .text(item.notes),
            "kept": .flag(entry.isKept), "hidden": .flag(entry.isHidden), "visited": .flag(item.isVisited),
        ]
        func set(_ key: String, _ value: String?) { if let value { fields[key] = .text(value) } }
        if !entry.isAwaitingLookup {
            set("kind", store.kind.dataName)
            set("kindName", store.kind.displayName)
            set("storeName", store.name)
            set("storeArtist", store.artist)
            fields["storePrice"] = store.price.map(Value.number)
            set("storeReleaseDate", store.releaseDate.map(iso8601))
            set("offer", store.offers?.restriction?.code)
            fields["collectionPrice"] = store.offers?.collectionPrice.map(Value.number)
        }
        set("artist", item.artist)
        fields["price"] = item.price.map(Value.number)
        set("currency", store.currency)
        set("releaseDate", item.releaseDate.map(iso8601))
        set("genre", store.genre)
        set("collection", store.collectionName)
        set("storeRegion", store.storeRegion)
        set("storeLink", store.storeURL?.absoluteString)
        set("artworkURL", store.artworkURL?.absoluteString)
        set("previewURL", store.previewURL?.absoluteString)
        set("changed", entry.changedAt.map(iso8601))
        fields["lowestPrice"] = entry.lowestPrice?.price.map(Value.number)
        if !item.priceHistory.isEmpty {
            fields["priceHistory"] = .objects(
                item.priceHistory.map { point in
                    [
                        ("date", .text(iso8601(point.date))), ("price", point.price.map(Value.number)),
                        ("currency", point.currency.map(Value.text)),
                        ("offer", point.offer.map { .text($0.code) }),
                    ].compactMap { key, value in value.map { (key, $0) } }
                })
        }
        return fields
    }

    /// RFC 4180: a field with a comma, quote, CR or LF is quoted, quotes doubled; lines end in CRLF.
    static func csvLine(_ fields: [String]) -> String {
        fields.map { field in
            field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" })
                ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
        }.joined(separator: ",") + "\r\n"
    }

    private static func json(_ rows: [[String: Value]]) -> Data {
        var text = "[\n"
        for (index, row) in rows.enumerated() {
            let members = (columns + jsonOnlyColumns).compactMap { key in
                row[key].map { "    \(quoted(key)): \(jsonValue($0))" }
            }
            text += "  {\n" + members.joined(separator: ",\n") + "\n  }" + (index < rows.count - 1 ? ",\n" : "\n")
        }
        return Data((text + "]\n").utf8)
    }

    private static func jsonValue(_ value: Value) -> String {
        switch value {
        case .text(let text): quoted(text)
        case .number(let number): "\(number)"
        case .flag(let flag): flag ? "true" : "false"
        case .objects(let objects):
            "["
                + objects.map { members in
                    "{" + members.map { "\(quoted($0.key)): \(jsonValue($0.value))" }.joined(separator: ", ") + "}"
                }
                .joined(separator: ", ") + "]"
        }
    }

    /// A JSON string literal (RFC 8259: quote, backslash and control characters escaped).
    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func iso8601(_ date: Date) -> String { date.formatted(.iso8601) }
}
