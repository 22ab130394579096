import Foundation

/// Reads what can be read of a damaged item file in the layout StoreSearch writes (one record
/// per `\t\t<dict>` … `\t\t</dict>` in the items array): each record is parsed on its own, so one
/// damaged byte costs the record it is in, not the file.
struct ItemFileSalvage {
    var records: [String: ItemRecord] = [:]
    /// Records whose text could not be parsed.
    var lost = 0

    /// Nil when the file has no structure to salvage from (not StoreSearch's layout, no records).
    init?(_ data: Data, decode: (Data) -> Result<ItemStore, any Error>) {
        guard let version = PlistXMLReader.version(of: data), version >= 2, version <= ItemStoreFile.formatVersion
        else {
            return nil
        }
        let text = String(decoding: data, as: UTF8.self)
        let chunks = text.components(separatedBy: "\n\t\t<dict>\n").dropFirst()
        guard !chunks.isEmpty else { return nil }
        for chunk in chunks {
            guard let end = chunk.range(of: "\n\t\t</dict>") else {  // the next record took the newline
                lost += 1
                continue
            }
            let record =
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>formatVersion</key>\n"
                + "\t<integer>\(version)</integer>\n\t<key>items</key>\n\t<array>\n\t\t<dict>\n\(chunk[..<end.lowerBound])\n\t\t</dict>\n\t</array>\n</dict>\n</plist>\n"
            if case .success(let store) = decode(Data(record.utf8)), let parsed = store.records.values.first {
                records[parsed.id] = parsed
            } else {
                lost += 1
            }
        }
        guard !records.isEmpty else { return nil }
    }
}
