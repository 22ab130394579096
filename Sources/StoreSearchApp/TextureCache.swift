import Foundation
import Gtk

/// Decoded textures by URL, least recently used dropped first, bounded by their pixel bytes.
@MainActor
final class TextureCache {
    private let budget: Int
    private var entries: [URL: (texture: Texture, lastUse: Int)] = [:]
    private var clock = 0
    private(set) var totalBytes = 0

    init(budgetBytes: Int) { budget = budgetBytes }

    subscript(url: URL) -> Texture? {
        guard let entry = entries[url] else { return nil }
        clock += 1
        entries[url]?.lastUse = clock
        return entry.texture
    }

    func insert(_ texture: Texture, for url: URL) {
        clock += 1
        if let old = entries.updateValue((texture, clock), forKey: url) { totalBytes -= old.texture.byteCost }
        totalBytes += texture.byteCost
        while totalBytes > budget, entries.count > 1,
              let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
            totalBytes -= oldest.value.texture.byteCost
        }
    }

    var count: Int { entries.count }
}
