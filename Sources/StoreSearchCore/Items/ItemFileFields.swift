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
        /// Reads the value into the root; false when it cannot be read (the caller keeps it as written).
        let read: @Sendable (inout Root, PlistValue, inout Reading) -> Bool
        /// Writes the field's value into the entries (leaving what is there when it has none).
        let write: @Sendable (Root, inout [String: PlistValue]) -> Void

        init<Value>(_ name: String, _ path: WritableKeyPath<Root, Value?> & Sendable, _ codec: Codec<Value>) {
            self.name = name
            read = { root, value, reading in codec.decode(value, reading.locale).map { root[keyPath: path] = $0 } != nil }
            write = { root, entries in if let value = root[keyPath: path].flatMap(codec.encode) { entries[name] = value } }
        }

        init<Value>(_ name: String, _ path: WritableKeyPath<Root, Value> & Sendable, _ codec: Codec<Value>) {
            self.name = name
            read = { root, value, reading in codec.decode(value, reading.locale).map { root[keyPath: path] = $0 } != nil }
            write = { root, entries in if let value = codec.encode(root[keyPath: path]) { entries[name] = value } }
        }

        /// A nested dictionary read through its own table. Its keys the table does not know, and
        /// values it cannot read, go to `others` and are written back as they were.
        init<Value: Sendable>(_ name: String, _ path: WritableKeyPath<Root, Value?> & Sendable, _ fields: [Field<Value>], blank: Value,
                              others: WritableKeyPath<Root, [String: PlistValue]> & Sendable, skipsEmpty: Bool = false) {
            self.name = name
            read = { root, value, reading in
                guard case .dictionary(let entries) = value else { return false }
                var nested = blank, kept: [String: PlistValue] = [:]
                for (key, entry) in entries {
                    guard let field = fields.first(where: { $0.name == key }) else { kept[key] = entry; continue }
                    if !field.read(&nested, entry, &reading) {
                        kept[key] = entry
                        reading.refuse("\(name).\(key)", entry)
                    }
                }
                root[keyPath: path] = nested
                root[keyPath: others] = kept
                return true
            }
            write = { root, entries in
                var nested = root[keyPath: others]
                if let value = root[keyPath: path] { fields.forEach { $0.write(value, &nested) } }
                if !(skipsEmpty && nested.isEmpty) { entries[name] = .dictionary(nested) }
            }
        }
    }

    /// How a value is read from a property-list value (prices another tool wrote in the user's
    /// way are read in their locale), and written as one (nil: not written).
    struct Codec<Value>: Sendable {
        let decode: @Sendable (PlistValue, Locale) -> Value?
        let encode: @Sendable (Value) -> PlistValue?
    }

    /// What reading needs and what it found: the values it could not read, per record.
    struct Reading {
        let locale: Locale
        /// The keys (`edits.price`) of the current record whose values could not be read, with their text.
        var refused: [(key: String, text: String)] = []

        mutating func refuse(_ key: String, _ value: PlistValue) {
            CoreLog.warning("Items", "kept \(key) of an item as written: its value cannot be read")
            let text: String = switch value {
            case .string(let text): text
            case .integer(let number): String(number)
            case .real(let number): "\(number)"
            default: "…"
            }
            refused.append((key, String(text.prefix(40))))
        }
    }

    // Sorted by name, the order the writer keeps.
    static let recordFields: [Field<ItemRecord>] = [
        Field("changedAt", \.changedAt, .date),
        Field("edits", \.nestedEdits, editsFields, blank: ItemEdits(), others: \.otherEditsFields, skipsEmpty: true),
        Field("hiddenAt", \.hiddenAt, .date),
        Field("id", \.id, .text),
        Field("keptAt", \.keptAt, .date),
        Field("snapshot", \.snapshot, snapshotFields, blank: SearchResult(id: "", name: "", kind: .other("")), others: \.otherSnapshotFields),
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

    /// A record of the items array; keys not in the table, and values it cannot read, are kept as
    /// they are. One that is not a dictionary, or has no id (a format 1 record takes its
    /// snapshot's), makes the file damaged.
    static func record(_ value: PlistValue, reading: inout Reading) throws(Damaged) -> ItemRecord {
        guard case .dictionary(let entries) = value else { throw Damaged(description: "an item is not a dictionary") }
        var record = ItemRecord(id: "")
        for (key, entry) in entries {
            guard let field = recordFields.first(where: { $0.name == key }) else { record.otherFields[key] = entry; continue }
            if !field.read(&record, entry, &reading) {
                record.otherFields[key] = entry
                reading.refuse(key, entry)
            }
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
        .dictionary(recordFields.reduce(into: record.otherFields) { entries, field in field.write(record, &entries) })
    }

}

extension ItemFileFields.Codec<String> {
    static var text: Self { .init(decode: { value, _ in if case .string(let text) = value { TextBounds.showable(text) } else { nil } }, encode: { .string($0) }) }
}

extension ItemFileFields.Codec<StoreOffers.Restriction> {
    /// "album-only", …; a word this version does not know loses the field (and is logged).
    static var restriction: Self {
        .init(decode: { value, _ in if case .string(let code) = value { StoreOffers.Restriction(code: code) } else { nil } }, encode: { .string($0.code) })
    }
}

extension ItemFileFields.Codec<Date> {
    static var date: Self { .init(decode: { value, _ in if case .date(let date) = value { date } else { nil } }, encode: { .date($0) }) }
}

extension ItemFileFields.Codec<URL> {
    /// Web links only: a file cannot make the app open anything else.
    static var link: Self {
        .init(decode: { value, _ in if case .string(let text) = value["relative"] ?? value { WebLink.web(URL(string: text)) } else { nil } },
              encode: { .string($0.absoluteString) })
    }
}

extension ItemFileFields.Codec<ResultKind> {
    static var kind: Self {
        .init(decode: { value, _ in
            if case .string(let name) = value { return ResultKind(storedName: name) }
            guard case .dictionary(let format1) = value, format1.count == 1, let (name, inner) = format1.first else { return nil }
            if name == "other", case .string(let raw) = inner["_0"] { return .other(raw) }  // `{other: {_0: "raw"}}`
            return ResultKind(storedName: name)  // `{song: {}}`
        }, encode: { .string($0.storedName) })
    }
}

extension ItemFileFields.Codec<Decimal> {
    /// Written as text ("1.29"), so it reads back exactly. Text is read strictly: a plain decimal
    /// number, else a number in the user's locale ("12,50" in de_DE); anything else (`12,50` in
    /// en_US, `NaN`, `1e400`) is refused rather than read as part of it.
    static var decimal: Self {
        .init(decode: { value, locale in
            switch value {
            case .string(let text): return StrictDecimal.parse(text, locale: locale)
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

private extension ItemRecord {
    /// `edits` for the table's nested-dictionary field, which reads into an optional.
    var nestedEdits: ItemEdits? {
        get { edits }
        set { edits = newValue ?? ItemEdits() }
    }
}
