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
    /// The snapshot has a `name` or a `kind` key (perhaps empty): kept as written with the rest.
    private var namedInSnapshot = false
    private var kindInSnapshot = false

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
            if key == "name" { namedInSnapshot = true } else if key == "kind" { kindInSnapshot = true }
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

    /// The record. A snapshot without its id takes the record's (a tool writes it once); one
    /// without a name or kind is no result to show: what it has is kept as written, the user told
    /// (`reading`), and the item looked up again as one without a snapshot. A record with no id (a
    /// format 1 record takes its snapshot's) makes the file damaged.
    consuming func finish(reading: inout ItemFileFields.Reading) throws(ItemFileFields.Damaged) -> ItemRecord {
        if record.id.isEmpty { record.id = snapshot?.id ?? "" }
        guard !record.id.isEmpty else { throw ItemFileFields.Damaged(description: "an item has no id") }
        let hasOwnID = snapshot?.id.isEmpty == false
        if !hasOwnID, snapshot != nil {
            let id = record.id
            snapshot!.id = id
        }
        if let incomplete = snapshot, incomplete.name.isEmpty || incomplete.kind == .other("") {
            var entries: [String: PlistValue] = [:]
            ItemFileFields.snapshotFields.forEach { $0.write(incomplete, &entries) }
            if incomplete.name.isEmpty, !namedInSnapshot { entries["name"] = nil }
            if incomplete.kind == .other(""), !kindInSnapshot { entries["kind"] = nil }
            if !hasOwnID { entries["id"] = nil }
            record.otherSnapshotFields.merge(entries) { other, _ in other }
            let missing = incomplete.name.isEmpty ? localized("no name") : localized("no kind")
            reading.refuse("snapshot", .string(missing))
            snapshot = nil
        }
        record.snapshot = snapshot
        return record
    }
}
