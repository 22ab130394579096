import Foundation
import StoreSearchCore

/// Issue #3: decoding a 200-record body and saving/loading 10,000 items, each against a plain
/// Foundation baseline doing the same I/O or parse in the same run.
enum CoreBenchmark {
    static func run(repository: URL) throws {
        print("Core (median of 20 runs)")
        let body = try Data(contentsOf: repository.appending(path: "Tests/StoreSearchCoreTests/Fixtures/two-hundred.json"))
        let decoded = try SearchResponseDecoder.decode(body)
        precondition(decoded.count == 200, "the fixture has 200 records")
        try Measure.compare("decode 200 records", { _ = try SearchResponseDecoder.decode(body) },
                            against: "JSONSerialization alone", { _ = try JSONSerialization.jsonObject(with: body) })

        let directory = FileManager.default.temporaryDirectory.appending(path: "storesearch-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = ItemStoreFile(url: directory.appending(path: "items.plist"))
        let store = tenThousandItems()
        let data = try file.encode(store)
        try file.save(store)
        print("  10,000 items: \(data.count / 1024) KiB of XML")

        let plain = directory.appending(path: "plain.plist")
        let plainWrite = { try data.write(to: plain, options: .atomic) }
        try Measure.compare("encode 10,000 items (main thread at close)", { _ = try file.encode(store) },
                            against: "Data.write(.atomic) of the same bytes", plainWrite)
        try Measure.compare("save 10,000 items (encode, temp, fsync, backup link, rename)", { try file.save(store) },
                            against: "Data.write(.atomic) of the same bytes", plainWrite)
        let loaded = try file.load().store
        precondition(loaded == store, "the store survives a round trip")
        try Measure.compare("load 10,000 items", { _ = try file.load() },
                            against: "read + PropertyListSerialization",
                            { _ = try PropertyListSerialization.propertyList(from: Data(contentsOf: plain), format: nil) })
    }

    /// Every item visited, a third edited, a tenth hidden: a heavy user's store.
    private static func tenThousandItems() -> ItemStore {
        var store = ItemStore()
        let start = Date(timeIntervalSince1970: 1_000_000_000)
        for index in 0..<10_000 {
            let result = SearchResult(
                id: "track:\(100_000 + index)", name: "Song number \(index)", artist: "Artist \(index % 300)", kind: .song,
                genre: "Pop", price: Decimal(string: "1.29"), currency: "USD", releaseDate: start + Double(index) * 86_400,
                storeURL: URL(string: "https://music.apple.com/us/album/\(index)?i=\(index)"),
                artworkURL: URL(string: "https://is1-ssl.mzstatic.com/image/thumb/\(index)/100x100bb.jpg"),
                summary: "A short description of song \(index).")
            store.markVisited(result, at: start)
            if index % 3 == 0 {
                store.setEdits(ItemEdits(name: "Edited \(index)", price: Decimal(string: "0.99"), notes: "Note \(index)"), for: result)
            }
            if index % 10 == 0 { store.hide(result, at: start) }
        }
        return store
    }
}
