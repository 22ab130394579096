import Synchronization

/// Each record's bytes as last written, so that a save encodes only the records that changed
/// since (encoding 10,000 records cost twenty times the write itself). Comparing a record with
/// the one kept is cheap: unchanged records share their storage with the store. Shared by the
/// copies of an `ItemStoreFile`, and safe to use from a background save.
final class EncodedRecords: Sendable {
    private struct Kept {
        var record: ItemRecord
        var bytes: [UInt8]
    }
    private let kept = Mutex<[String: Kept]>([:])

    /// The bytes of `records`, in the order of their ids; what is kept afterwards is exactly these.
    func bytes(of records: [String: ItemRecord]) -> [[UInt8]] {
        kept.withLock { kept in
            if kept.count > records.count || kept.keys.contains(where: { records[$0] == nil }) {
                kept = kept.filter { records[$0.key] != nil }  // forgotten records
            }
            for (id, record) in records {
                if let index = kept.index(forKey: id), kept.values[index].record == record { continue }
                kept[id] = Kept(record: record, bytes: PlistXMLWriter.record(record))
            }
            return records.keys.sorted().map { kept[$0]!.bytes }
        }
    }
}
