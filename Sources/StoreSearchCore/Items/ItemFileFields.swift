import Foundation

/// The one table of the item file's keys: each field's name, where it lives in the record, and
/// how its value is read and written. The reader and the writer both go through it, so a new
/// field is one line here. Reading is lenient, as another tool (or format 1) may spell a value
/// differently: a price as text, `<integer>`, `<real>` or Foundation's Decimal dictionary; a
/// link as text or `{relative: …}`; a kind as text or `{song: {}}`. A value of the wrong type
/// is not read but kept as written, and the user is told. A record's `edits` and `snapshot` are
/// dictionaries read through their own tables (`ItemRecordDecoder`).
enum ItemFileFields {
    struct Field<Root>: Sendable {
        let name: String
        /// Reads the value into the root; false when it cannot be read (the caller keeps it as written).
        let read: @Sendable (inout Root, PlistValue, inout Reading) -> Bool
        /// Writes the field's value into the entries (leaving what is there when it has none).
        let write: @Sendable (Root, inout [String: PlistValue]) -> Void

        init<Value>(_ name: String, _ path: WritableKeyPath<Root, Value?> & Sendable, _ codec: Codec<Value>) {
            self.name = name
            read = { root, value, reading in codec.decode(value, reading.locale).map { root[keyPath: path] = $0 } != nil
            }
            write = { root, entries in
                if let value = root[keyPath: path].flatMap(codec.encode) { entries[name] = value }
            }
        }

        init<Value>(_ name: String, _ path: WritableKeyPath<Root, Value> & Sendable, _ codec: Codec<Value>) {
            self.name = name
            read = { root, value, reading in codec.decode(value, reading.locale).map { root[keyPath: path] = $0 } != nil
            }
            write = { root, entries in if let value = codec.encode(root[keyPath: path]) { entries[name] = value } }
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
            let text: String =
                switch value {
                case .string(let text): text
                case .integer(let number): String(number)
                case .real(let number): "\(number)"
                case .written(_, let text): text
                default: "…"
                }
            refused.append((key, String(text.prefix(40))))
        }
    }

    /// A record's own keys; `edits` and `snapshot` are dictionaries with the tables below.
    static let recordFields: [Field<ItemRecord>] = [
        Field("changedAt", \.changedAt, .date),
        Field("hiddenAt", \.hiddenAt, .date),
        Field("id", \.id, .text),
        Field("keptAt", \.keptAt, .date),
        Field("priceHistory", \.priceHistory, .priceHistory),
        Field("visitedAt", \.visitedAt, .date),
    ]

    static let editsFields: [Field<ItemEdits>] = [
        Field("artist", \.artist, .text), Field("name", \.name, .text), Field("notes", \.notes, .text),
        Field("price", \.price, .decimal), Field("releaseDate", \.releaseDate, .date),
    ]

    static let snapshotFields: [Field<SearchResult>] = [
        Field("artist", \.artist, .text), Field("artistId", \.artistID, .storeID),
        Field("artworkURL", \.$artworkURL, .link),
        Field("collectionId", \.collectionID, .storeID), Field("collectionName", \.collectionName, .text),
        Field("collectionPrice", \.snapshotCollectionPrice, .decimal),
        Field("currency", \.currency, .text), Field("genre", \.genre, .text), Field("id", \.id, .text),
        Field("kind", \.kind, .kind),
        Field("largeArtworkURL", \.$largeArtworkURL, .link), Field("name", \.name, .text),
        Field("offer", \.snapshotRestriction, .restriction), Field("previewURL", \.$previewURL, .link),
        Field("price", \.price, .decimal), Field("releaseDate", \.releaseDate, .date),
        Field("storeRegion", \.storeRegion, .text),
        Field("storeURL", \.$storeURL, .link), Field("summary", \.summary, .text),
    ]

    struct Damaged: Error, CustomStringConvertible {
        let description: String
    }

    /// The same tables by key, for the reader.
    static let recordFieldsByName = Dictionary(uniqueKeysWithValues: recordFields.map { ($0.name, $0) })
    static let editsFieldsByName = Dictionary(uniqueKeysWithValues: editsFields.map { ($0.name, $0) })
    static let snapshotFieldsByName = Dictionary(uniqueKeysWithValues: snapshotFields.map { ($0.name, $0) })

    /// A record given as one dictionary (the binary reader's), read as the XML reader reads one.
    static func record(_ value: PlistValue, reading: inout Reading) throws(Damaged) -> ItemRecord {
        guard case .dictionary(let entries) = value else { throw Damaged(description: "an item is not a dictionary") }
        var decoder = ItemRecordDecoder()
        for (key, entry) in entries {
            if let place = ItemRecordDecoder.place(ofNested: key), case .dictionary(let nested) = entry {
                decoder.begin(place)
                for (nestedKey, nestedEntry) in nested {
                    decoder.take(nestedKey, nestedEntry, in: place, reading: &reading)
                }
            } else {
                decoder.take(key, entry, in: .record, reading: &reading)
            }
        }
        return try decoder.finish(reading: &reading)
    }

    /// The record as a dictionary for the writer: the tables' values over the keys kept unread.
    static func plist(_ record: ItemRecord) -> PlistValue {
        var entries = record.otherFields
        recordFields.forEach { $0.write(record, &entries) }
        var edits = record.otherEditsFields
        editsFields.forEach { $0.write(record.edits, &edits) }
        if !edits.isEmpty { entries["edits"] = .dictionary(edits) }
        var snapshot = record.otherSnapshotFields
        if let result = record.snapshot { snapshotFields.forEach { $0.write(result, &snapshot) } }
        if record.snapshot != nil || !snapshot.isEmpty { entries["snapshot"] = .dictionary(snapshot) }
        return .dictionary(entries)
    }
}

extension ItemFileFields.Codec<String> {
    static var text: Self {
        .init(
            decode: { value, _ in if case .string(let text) = value { TextBounds.showable(text) } else { nil } },
            encode: { .string($0) })
    }
}

extension ItemFileFields.Codec<String> {
    /// A store id ("909253"), as text or an integer; anything else is not read (kept as written).
    static var storeID: Self {
        .init(
            decode: { value, _ in
                switch value {
                case .string(let text): LookupQuery.isStoreID(text) ? text : nil
                case .integer(let number) where number > 0: String(number)
                default: nil
                }
            }, encode: { .string($0) })
    }
}

extension ItemFileFields.Codec<StoreOffers.Restriction> {
    /// "album-only", …; a word this version does not know is not read (kept as written, and logged).
    static var restriction: Self {
        .init(
            decode: { value, _ in if case .string(let code) = value { StoreOffers.Restriction(code: code) } else { nil }
            }, encode: { .string($0.code) })
    }
}

extension ItemFileFields.Codec<Date> {
    static var date: Self {
        .init(decode: { value, _ in if case .date(let date) = value { date } else { nil } }, encode: { .date($0) })
    }
}

extension ItemFileFields.Codec<String> {
    /// Web links only: a file cannot make the app open anything else. Kept as text (`KeptAsText`),
    /// as written.
    static var link: Self {
        .init(
            decode: { value, _ in
                if case .string(let text) = value["relative"] ?? value { WebLink.written(text) } else { nil }
            },
            encode: { .string($0) })
    }
}

extension ItemFileFields.Codec<ResultKind> {
    static var kind: Self {
        .init(
            decode: { value, _ in
                if case .string(let name) = value { return ResultKind(storedName: name) }
                guard case .dictionary(let format1) = value, format1.count == 1, let (name, inner) = format1.first
                else { return nil }
                // `{other: {_0: "raw"}}`
                if name == "other", case .string(let raw) = inner["_0"] { return .other(raw) }
                return ResultKind(storedName: name)  // `{song: {}}`
            }, encode: { .string($0.storedName) })
    }
}

extension ItemFileFields.Codec<Decimal> {
    /// Written as text ("1.29"), so it reads back exactly. Text is read strictly: a plain decimal
    /// number, else a number in the user's locale ("12,50" in de_DE); anything else (`12,50` in
    /// en_US, `NaN`, `1e400`) is refused rather than read as part of it.
    static var decimal: Self {
        .init(
            decode: { value, locale in
                switch value {
                case .string(let text): return StrictDecimal.parse(text, locale: locale)
                // an integer beyond 64 bits
                case .written(.integer, let digits): return StrictDecimal.parse(digits, locale: locale)
                case .integer(let number): return Decimal(number)
                case .real(let number) where number.isFinite:
                    return Decimal(string: "\(number)", locale: Locale(identifier: "en_US_POSIX"))
                // Foundation's Decimal: 16-bit words of the mantissa, least significant first
                case .dictionary(let format1):
                    guard case .integer(let exponent) = format1["exponent"],
                        case .array(let words) = format1["mantissa"]
                    else { return nil }
                    let mantissa = words.reversed().reduce(Decimal(0)) {
                        if case .integer(let word) = $1 { $0 * 65_536 + Decimal(word) } else { $0 }
                    }
                    let magnitude = Decimal(sign: .plus, exponent: exponent, significand: mantissa)
                    return format1["isNegative"] == .bool(true) ? -magnitude : magnitude
                default: return nil
                }
            }, encode: { .string("\($0)") })
    }
}

extension ItemFileFields.Codec<[PricePoint]> {
    /// An array of `{date, price, currency, offer}` dictionaries, oldest first; not written when
    /// empty. An entry without a date, or with a value that cannot be read, makes the whole
    /// history unread (kept as written, and the user told), never half read.
    static var priceHistory: Self {
        .init(
            decode: { value, locale in
                guard case .array(let entries) = value else { return nil }
                var points: [PricePoint] = []
                for entry in entries {
                    guard case .dictionary(var fields) = entry,
                        case .date(let date)? = fields.removeValue(forKey: "date")
                    else { return nil }
                    var point = PricePoint(date: date, price: nil, currency: nil)
                    if let price = fields.removeValue(forKey: "price") {
                        guard let amount = ItemFileFields.Codec<Decimal>.decimal.decode(price, locale) else {
                            return nil
                        }
                        point.price = amount
                    }
                    if let currency = fields.removeValue(forKey: "currency") {
                        guard case .string(let code) = currency else { return nil }
                        point.currency = code
                    }
                    if let offer = fields.removeValue(forKey: "offer") {
                        guard
                            let restriction = ItemFileFields.Codec<StoreOffers.Restriction>.restriction.decode(
                                offer, locale)
                        else { return nil }
                        point.offer = restriction
                    }
                    point.otherFields = fields
                    points.append(point)
                }
                return points
            },
            encode: { points in
                guard !points.isEmpty else { return nil }
                return .array(
                    points.map { point in
                        var fields = point.otherFields
                        fields["date"] = .date(point.date)
                        if let price = point.price { fields["price"] = .string("\(price)") }
                        if let currency = point.currency { fields["currency"] = .string(currency) }
                        if let offer = point.offer { fields["offer"] = .string(offer.code) }
                        return .dictionary(fields)
                    })
            })
    }
}
