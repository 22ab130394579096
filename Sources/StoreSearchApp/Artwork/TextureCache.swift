import Foundation
import Gtk

/// Decoded textures, least recently used dropped first, bounded by their pixel bytes (what the
/// decoded image takes, whatever its file claimed).
@MainActor
final class TextureCache<Key: Hashable> {
    private let budget: Int
    private var entries: [Key: (texture: Texture, lastUse: Int)] = [:]
    private var clock = 0
    private(set) var totalBytes = 0

    init(budgetBytes: Int) { budget = budgetBytes }

    subscript(key: Key) -> Texture? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key]?.lastUse = clock
        return entry.texture
    }

    func insert(_ texture: Texture, for key: Key) {
        clock += 1
        if let old = entries.updateValue((texture, clock), forKey: key) { totalBytes -= old.texture.byteCost }
        totalBytes += texture.byteCost
        guard totalBytes > budget else { return }
        // Evict down to 90% in one pass, so a full cache does not scan on every insert.
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard totalBytes > budget * 9 / 10, entries.count > 1 else { break }
            entries[key] = nil
            totalBytes -= entry.texture.byteCost
        }
    }

    var count: Int { entries.count }
}
