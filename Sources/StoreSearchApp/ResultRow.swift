import Foundation
import Gtk
import StoreSearchCore

/// One row of the results list: thumbnail, name, "Artist (Kind)", price.
@MainActor
final class ResultRow {
    let root = Box(.horizontal, spacing: 12)
    private let thumbnail = Image(iconName: "image-x-generic-symbolic")
    private let name = Inscription()
    private let subtitle = Inscription()
    private let price = Label()
    private var artworkRequest: ArtworkRequest?

    init() {
        root.addCSSClass("result-row")
        thumbnail.setPixelSize(48)
        thumbnail.setSizeRequest(width: 48, height: 48)
        thumbnail.addCSSClass("artwork")
        name.addCSSClass("name")
        subtitle.addCSSClass("subtitle")
        subtitle.addCSSClass("dim-label")
        price.addCSSClass("price")
        let texts = Box(.vertical, spacing: 2)
        texts.append(name)
        texts.append(subtitle)
        texts.expandsHorizontally = true
        texts.centerVertically()
        root.append(thumbnail)
        root.append(texts)
        root.append(price)
    }

    func show(_ item: Item, formatter: PriceFormatter) {
        name.text = item.name
        subtitle.text = item.artistAndKind
        let priceText = formatter.string(for: item.price, currency: item.result.currency)
        price.text = priceText ?? ""
        root.setCSSClass("visited", item.isVisited)
        thumbnail.opacity = item.isVisited ? 0.5 : 1
        let spoken = [item.name, item.artist ?? localized("Unknown"), item.result.kind.displayName, priceText]
            .compactMap { $0 }.joined(separator: ", ")
        root.setAccessibleLabel(spoken)
        // The list's own row widget around `root` is what takes focus and what screen readers
        // announce; GTK 4.8 has no list item label (that came in 4.12), so it is named directly.
        root.parent?.setAccessibleLabel(spoken)
    }

    /// Asks for the row's thumbnail at its on-screen size; `priority` tells the loader how near
    /// the row is to the viewport, whenever it asks.
    func loadArtwork(_ url: URL?, with loader: ArtworkLoader, priority: @escaping ArtworkLoader.PriorityProvider) {
        artworkRequest?.cancel()
        artworkRequest = nil
        thumbnail.setIconName("image-x-generic-symbolic")
        guard let url else { return }
        let pixels = ArtworkLoader.thumbnailPoints * max(1, root.scaleFactor)
        artworkRequest = loader.load(url, pixelSize: pixels, priority: priority) { [weak self] texture in
            guard let self else { return }
            self.artworkRequest = nil
            if let texture { self.thumbnail.setTexture(texture) } else { self.thumbnail.setIconName("image-missing-symbolic") }
        }
    }

    /// The row scrolled away: stop waiting for its image.
    func unbind() {
        artworkRequest?.cancel()
        artworkRequest = nil
    }
}
