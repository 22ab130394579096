import Foundation
import Gtk

/// Image bytes on disk under `$XDG_CACHE_HOME/storesearch/artwork/`, named by a hash of the URL,
/// bounded in size (oldest-used files evicted). Files appear only by rename, so a partial write
/// is never read back.
actor ArtworkDiskCache {
    let directory: URL
    private let limitBytes: Int
    private var knownSize: Int?
    private var isSwept = false

    init(directory: URL, limitBytes: Int = 100 << 20) {
        self.directory = directory
        self.limitBytes = limitBytes
    }

    private func file(for url: URL) -> URL { Self.file(for: url, in: directory) }

    /// Where the image of `url` is kept in a cache at `directory` (it may not be there).
    nonisolated static func file(for url: URL, in directory: URL) -> URL {
        directory.appending(path: Checksum.sha256(url.absoluteString))
    }

    func data(for url: URL) -> Data? {
        sweepOnce()
        let path = file(for: url).path
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        utime(path, nil)  // mark as recently used for eviction
        return data
    }

    func store(_ data: Data, for url: URL) {
        write(data, to: file(for: url))
    }

    /// The cached file of `url`, if there is one (marked as used, as a read is).
    func existingFile(for url: URL) -> URL? {
        sweepOnce()
        let target = file(for: url)
        guard utime(target.path, nil) == 0 else { return nil }
        return target
    }

    /// A PNG file of `texture`, the decoded image of `url` at `pixels` (kept only in memory: the
    /// download was not cached, or was evicted since), written once into the cache; nil when it
    /// cannot be written. Named apart from `url`'s file, which holds the bytes as downloaded.
    func file(copying texture: Texture, of url: URL, pixels: Int) -> URL? {
        sweepOnce()
        let target = directory.appending(path: "\(file(for: url).lastPathComponent)-\(pixels).png")
        if utime(target.path, nil) == 0 { return target }
        guard let png = texture.pngData() else {
            Log.message(LogDomain.artwork, "Cannot encode the image of \(url) as PNG")
            return nil
        }
        return write(png, to: target) ? target : nil
    }

    /// Writes `data` beside `target` and renames it there, so a reader sees all of it or nothing.
    @discardableResult
    private func write(_ data: Data, to target: URL) -> Bool {
        let temporary = directory.appending(path: ".\(target.lastPathComponent).\(UUID().uuidString).part")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            Log.debug(LogDomain.artwork, "Cannot cache an image (it will be downloaded again next time): \(error)")
            try? FileManager.default.removeItem(at: temporary)  // may not exist; nothing else to do
            return false
        }
        knownSize = (knownSize ?? currentSize()) + data.count
        if knownSize! > limitBytes { evict() }
        return true
    }

    /// Removes the temporary files a crash or power cut left behind (a store writes
    /// ".NAME.UUID.part" and renames it), before this cache writes any of its own.
    func sweepOnce() {
        guard !isSwept else { return }
        isSwept = true
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".part") {
            do {
                try FileManager.default.removeItem(at: directory.appending(path: name))
            } catch {
                Log.debug(LogDomain.artwork, "Cannot remove the stray file \(name): \(error)")
            }
        }
    }

    private func files() -> [(url: URL, size: Int, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let urls = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        return urls.filter { !$0.lastPathComponent.hasPrefix(".") }.compactMap { url in
            let values = try? url.resourceValues(forKeys: Set(keys))
            return (url, values?.fileSize ?? 0, values?.contentModificationDate ?? .distantPast)
        }
    }

    private func currentSize() -> Int { files().reduce(0) { $0 + $1.size } }

    /// Removes the least recently used files until the cache is at 80% of its limit.
    private func evict() {
        var size = 0
        var all = files()
        size = all.reduce(0) { $0 + $1.size }
        all.sort { $0.used < $1.used }
        for file in all where size > limitBytes * 8 / 10 {
            try? FileManager.default.removeItem(at: file.url)
            size -= file.size
        }
        knownSize = size
    }
}
