/// Builds one record from its keys and values as a reader hands them over, through
/// `ItemFileFields`' tables: the XML reader feeds it straight from the parser's events, so no
/// dictionary of the record is built. A key a table does not know, or a value it cannot read, is
/// kept as written beside the record (`otherFields` and its kin), and a refused value is noted
/// in the `Reading`.
struct ItemRecordDecoder {
    /// Where a key stands: in the record, or in its `edits` or `snapshot` dictionary.
    enum Place { case record, edits, snapshot }

    private var record = ItemRecord(id: "")
    private var snapshot: SearchResult?

    init() {}

    /// A record another reader built field by field (`ItemFileScanner`), to finish as this one does.
    init(record: ItemRecord, snapshot: SearchResult?) {
        self.record = record
        self.snapshot = snapshot
    }

    /// The dictionary a record's `key` holds that this decoder reads key by key itself.
    static func place(ofNested key: String) -> Place? {
        switch key {
        case "edits": .edits
        case "snapshot": .snapshot
        default: nil
        }
    }

    /// A nested dictionary starts.
    mutating func begin(_ place: Place) {
        if place == .snapshot { snapshot = SearchResult(id: "", name: "", kind: .other("")) }
    }

    mutating func take(_ key: String, _ value: PlistValue, in place: Place, reading: inout ItemFileFields.Reading) {
        switch place {
        case .record:
            guard let field = ItemFileFields.recordFieldsByName[key] else {
                if Self.place(ofNested: key) != nil { reading.refuse(key, value) }  // `edits` that is not a dictionary
                record.otherFields[key] = value
                return
            }
            if !field.read(&record, value, &reading) { keep(key, value, in: \.otherFields, refusing: key, &reading) }
        case .edits:
            guard let field = ItemFileFields.editsFieldsByName[key] else { return record.otherEditsFields[key] = value }
            if !field.read(&record.edits, value, &reading) {
                keep(key, value, in: \.otherEditsFields, refusing: "edits.\(key)", &reading)
            }
        case .snapshot:
            guard let field = ItemFileFields.snapshotFieldsByName[key], snapshot != nil else {
                return record.otherSnapshotFields[key] = value
            }
            if !field.read(&snapshot!, value, &reading) {
                keep(key, value, in: \.otherSnapshotFields, refusing: "snapshot.\(key)", &reading)
            }
        }
    }

    private mutating func keep(
        _ key: String, _ value: PlistValue, in others: WritableKeyPath<ItemRecord, [String: PlistValue]>,
        refusing path: String, _ reading: inout ItemFileFields.Reading
    ) {
        record[keyPath: others][key] = value
        reading.refuse(path, value)
    }

    /// The record. A snapshot lacking its id, name or kind is left out; a record with no id (a
    /// format 1 record takes its snapshot's) makes the file damaged.
    consuming func finish() throws(ItemFileFields.Damaged) -> ItemRecord {
        if let snapshot, snapshot.id.isEmpty || snapshot.name.isEmpty || snapshot.kind == .other("") {
            CoreLog.warning("Items", "left out the snapshot of an item: it lacks its id, name or kind")
            self.snapshot = nil
        }
        record.snapshot = snapshot
        if record.id.isEmpty { record.id = snapshot?.id ?? "" }
        guard !record.id.isEmpty else { throw ItemFileFields.Damaged(description: "an item has no id") }
        return record
    }
}
