import Foundation

/// The one table of the item file's keys: each field's name, where it lives in the record, and
/// how its value is read and written. The reader and the writer both go through it, so a new
/// field is one line here. Reading is lenient, as another tool (or format 1) may spell a value
/// differently: a price as text, `<integer>`, `<real>` or Foundation's Decimal dictionary; a
/// link as text or `{relative: …}`; a kind as text or `{song: {}}`. A value of the wrong type
/// loses that field only, and says so in the log.
enum ItemFileFields {
    struct Field<Root>: Sendable {
        let name: String
        let read: @Sendable (inout Root, PlistValue) -> Bool
        let write: @Sendable (Root) -> PlistValue?

        init<Value>(_ name: String, _ path: WritableKeyPath<Root, Value?> & Sendable, _ codec: Codec<Value>) {
            self.name = name
            read = { root, value in codec.decode(value).map { root[keyPath: path] = $0 } != nil }
            write = { root in root[keyPath: path].flatMap(codec.encode) }
        }

        init<Value>(_ name: String, _ path: WritableKeyPath<Root, Value> & Sendable, _ codec: Codec<Value>) {
            self.name = name
            read = { root, value in codec.decode(value).map { root[keyPath: path] = $0 } != nil }
            write = { root in codec.encode(root[keyPath: path]) }
        }
    }

    /// How a value is read from a property-list value, and written as one (nil: not written).
    struct Codec<Value>: Sendable {
        let decode: @Sendable (PlistValue) -> Value?
        let encode: @Sendable (Value) -> PlistValue?
    }

    // Sorted by name, the order the writer keeps.
    static let recordFields: [Field<ItemRecord>] = [
        Field("changedAt", \.changedAt, .date),
        Field("edits", \.edits, .dictionary(editsFields, blank: ItemEdits(), skipsEmpty: true)),
        Field("hiddenAt", \.hiddenAt, .date),
        Field("id", \.id, .text),
        Field("keptAt", \.keptAt, .date),
        Field("snapshot", \.snapshot, .dictionary(snapshotFields, blank: SearchResult(id: "", name: "", kind: .other("")))),
        Field("visitedAt", \.visitedAt, .date),
    ]

    static let editsFields: [Field<ItemEdits>] = [
        Field("artist", \.artist, .text), Field("name", \.name, .text), Field("notes", \.notes, .text),
        Field("price", \.price, .decimal), Field("releaseDate", \.releaseDate, .date),
    ]

    static let snapshotFields: [Field<SearchResult>] = [
        Field("artist", \.artist, .text), Field("artworkURL", \.artworkURL, .link), Field("collectionName", \.collectionName, .text),
        Field("collectionPrice", \.snapshotCollectionPrice, .decimal),
        Field("currency", \.currency, .text), Field("genre", \.genre, .text), Field("id", \.id, .text), Field("kind", \.kind, .kind),
        Field("largeArtworkURL", \.largeArtworkURL, .link), Field("name", \.name, .text),
        Field("offer", \.snapshotRestriction, .restriction), Field("previewURL", \.previewURL, .link),
        Field("price", \.price, .decimal), Field("releaseDate", \.releaseDate, .date), Field("storeRegion", \.storeRegion, .text),
        Field("storeURL", \.storeURL, .link), Field("summary", \.summary, .text),
    ]

    struct Damaged: Error, CustomStringConvertible {
        let description: String
    }

    /// A record of the items array; keys not in the table are kept as they are. One that is not a
    /// dictionary, or has no id (a format 1 record takes its snapshot's), makes the file damaged.
    static func record(_ value: PlistValue) throws(Damaged) -> ItemRecord {
        guard case .dictionary(let entries) = value else { throw Damaged(description: "an item is not a dictionary") }
        var record = ItemRecord(id: "")
        for (key, entry) in entries {
            guard let field = recordFields.first(where: { $0.name == key }) else { record.otherFields[key] = entry; continue }
            if !field.read(&record, entry) { log(key) }
        }
        if let snapshot = record.snapshot, snapshot.id.isEmpty || snapshot.name.isEmpty || snapshot.kind == .other("") {
            CoreLog.warning("Items", "left out the snapshot of an item: it lacks its id, name or kind")
            record.snapshot = nil
        }
        if record.id.isEmpty { record.id = record.snapshot?.id ?? "" }
        guard !record.id.isEmpty else { throw Damaged(description: "an item has no id") }
        return record
    }

    static func plist(_ record: ItemRecord) -> PlistValue {
        .dictionary(recordFields.reduce(into: record.otherFields) { entries, field in entries[field.name] = field.write(record) })
    }

    static func log(_ key: String) {
        CoreLog.warning("Items", "left out \(key) of an item: it has a value of the wrong type")
    }
}

extension ItemFileFields.Codec<String> {
    static var text: Self { .init(decode: { if case .string(let text) = $0 { TextBounds.showable(text) } else { nil } }, encode: { .string($0) }) }
}

extension ItemFileFields.Codec<StoreOffers.Restriction> {
    /// "album-only", …; a word this version does not know loses the field (and is logged).
    static var restriction: Self {
        .init(decode: { if case .string(let code) = $0 { StoreOffers.Restriction(code: code) } else { nil } }, encode: { .string($0.code) })
    }
}

extension ItemFileFields.Codec<Date> {
    static var date: Self { .init(decode: { if case .date(let date) = $0 { date } else { nil } }, encode: { .date($0) }) }
}

extension ItemFileFields.Codec<URL> {
    /// Web links only: a file cannot make the app open anything else.
    static var link: Self {
        .init(decode: { if case .string(let text) = $0["relative"] ?? $0 { WebLink.web(URL(string: text)) } else { nil } },
              encode: { .string($0.absoluteString) })
    }
}

extension ItemFileFields.Codec<ResultKind> {
    static var kind: Self {
        .init(decode: { value in
            if case .string(let name) = value { return ResultKind(storedName: name) }
            guard case .dictionary(let format1) = value, format1.count == 1, let (name, inner) = format1.first else { return nil }
            if name == "other", case .string(let raw) = inner["_0"] { return .other(raw) }  // `{other: {_0: "raw"}}`
            return ResultKind(storedName: name)  // `{song: {}}`
        }, encode: { .string($0.storedName) })
    }
}

extension ItemFileFields.Codec<Decimal> {
    /// Written as text ("1.29"), so it reads back exactly.
    static var decimal: Self {
        .init(decode: { value in
            switch value {
            case .string(let text): return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
            case .integer(let number): return Decimal(number)
            case .real(let number) where number.isFinite: return Decimal(string: "\(number)", locale: Locale(identifier: "en_US_POSIX"))
            case .dictionary(let format1):  // Foundation's Decimal: 16-bit words of the mantissa, least significant first
                guard case .integer(let exponent) = format1["exponent"], case .array(let words) = format1["mantissa"] else { return nil }
                let mantissa = words.reversed().reduce(Decimal(0)) { if case .integer(let word) = $1 { $0 * 65_536 + Decimal(word) } else { $0 } }
                let magnitude = Decimal(sign: .plus, exponent: exponent, significand: mantissa)
                return format1["isNegative"] == .bool(true) ? -magnitude : magnitude
            default: return nil
            }
        }, encode: { .string("\($0)") })
    }
}

extension ItemFileFields.Codec where Value: Sendable {
    /// A nested dictionary, through its own table; `skipsEmpty`: not written when no field has a value.
    static func dictionary(_ fields: [ItemFileFields.Field<Value>], blank: Value, skipsEmpty: Bool = false) -> Self {
        .init(decode: { value in
            guard case .dictionary(let entries) = value else { return nil }
            return fields.reduce(into: blank) { root, field in
                if let entry = entries[field.name], !field.read(&root, entry) { ItemFileFields.log(field.name) }
            }
        }, encode: { root in
            let entries = fields.reduce(into: [String: PlistValue]()) { entries, field in entries[field.name] = field.write(root) }
            return skipsEmpty && entries.isEmpty ? nil : .dictionary(entries)
        })
    }
}
