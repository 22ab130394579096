import Synchronization

/// Each record's bytes as last written, so that a save encodes only the records that changed
/// since (encoding 10,000 records cost twenty times the write itself). A store whose change log
/// continues the last saved one's says which records may differ from it, and only those are
/// compared (copying and comparing every record cost more than the write); any other store is
/// compared record by record. Shared by the copies of an `ItemStoreFile`, and safe to use from a
/// background save.
final class EncodedRecords: Sendable {
    private struct Saved {
        var records: [String: ItemRecord] = [:]
        var bytes: [String: [UInt8]] = [:]
        var changeLog: ItemStore.ChangeLog?
    }
    private let saved = Mutex(Saved())

    /// The bytes of `store`'s records, in the order of their ids; what is kept afterwards is
    /// exactly these.
    func bytes(of store: ItemStore) -> [[UInt8]] {
        saved.withLock { saved in
            let records = store.records
            // The same store, only changed further since: what it did not change is as saved.
            let continues = saved.changeLog.map { $0.origin == store.changeLog.origin && $0.ids.isSubset(of: store.changeLog.ids) } ?? false
            if continues {
                for id in store.changeLog.ids { Self.update(&saved, id: id, to: records[id]) }
                for id in records.keys where saved.bytes[id] == nil { Self.update(&saved, id: id, to: records[id]) }
            } else {
                for id in saved.records.keys where records[id] == nil { Self.update(&saved, id: id, to: nil) }
                for id in records.keys { Self.update(&saved, id: id, to: records[id]) }
            }
            saved.changeLog = store.changeLog
            return records.keys.sorted().map { saved.bytes[$0]! }
        }
    }

    private static func update(_ saved: inout Saved, id: String, to record: ItemRecord?) {
        guard let record else {
            saved.records[id] = nil
            saved.bytes[id] = nil
            return
        }
        if saved.bytes[id] != nil, saved.records[id] == record { return }
        saved.records[id] = record
        saved.bytes[id] = PlistXMLWriter.record(record)
    }
}
