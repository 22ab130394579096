import Foundation
import StoreSearchCore

/// The cover the desktop's media controls show for the loaded preview (`mpris:artUrl`): a
/// `file://` URL of artwork the app already has. GNOME Shell draws an empty square for an http
/// link without gvfs, and with gvfs downloads a second, 600 px copy. With no artwork here yet
/// there is no cover until it arrives (`changed`).
@MainActor
final class MPRISArtwork {
    private let loader: ArtworkLoader
    private var itemID: String?
    /// The item's artwork URLs the app may have loaded, best first.
    private var candidates: [URL] = []
    private var lookup: Task<Void, Never>?
    /// The local file of the item's cover; nil until one is found.
    private(set) var file: URL?
    /// `file` changed for the same item.
    let changed = Event<Void>()

    init(loader: ArtworkLoader) {
        self.loader = loader
        loader.imageArrived.subscribe { [weak self] url in
            guard let self, self.candidates.contains(url) else { return }
            self.resolve()  // perhaps a better one than the file found so far
        }
    }

    /// The preview now loaded is `item` (nil: none). Its cover is looked for in the background.
    func show(_ item: Item?) {
        guard item?.id != itemID else { return }
        itemID = item?.id
        file = nil
        candidates = item.map { Self.candidates(for: $0.result) } ?? []
        lookup?.cancel()
        if !candidates.isEmpty { resolve() }
    }

    /// The large image, then the sizes the detail asks for (200 points at scales 3 to 1), then
    /// the rows' thumbnail.
    static func candidates(for result: SearchResult) -> [URL] {
        var urls = [result.largeArtworkURL].compactMap { $0 }
        if let thumbnail = result.artworkURL {
            urls += [ArtworkLoader.detailPixels, 400, 200].map { ArtworkURL.resized(thumbnail, to: $0) } + [thumbnail]
        }
        var seen = Set<URL>()
        return urls.filter { seen.insert($0).inserted }
    }

    private func resolve() {
        lookup?.cancel()
        let id = itemID, urls = candidates
        lookup = Task { [weak self, loader] in
            let found = await loader.localFile(for: urls)
            guard let self, !Task.isCancelled, self.itemID == id, found != self.file else { return }
            self.file = found
            self.changed.send()
        }
    }
}
