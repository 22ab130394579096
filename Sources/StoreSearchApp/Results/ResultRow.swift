import Foundation
import Gtk
import StoreSearchCore

/// One row of the results list: thumbnail, name, "Artist (Kind)", price.
@MainActor
final class ResultRow: ResultCell {
    let root = Box(.horizontal, spacing: 12)
    private let artwork = ArtworkSlot(size: ArtworkLoader.thumbnailPoints)
    private let name = Inscription()
    private let subtitle = Inscription()
    private let price = Label()

    init() {
        root.addCSSClass("result-row")
        name.addCSSClass("name")
        name.ellipsizeAtEnd()
        subtitle.addCSSClass("subtitle")
        subtitle.addCSSClass("dim-label")
        subtitle.ellipsizeAtEnd()
        price.addCSSClass("price")
        let texts = Box(.vertical, spacing: 2)
        texts.append(name)
        texts.append(subtitle)
        texts.expandsHorizontally = true
        texts.centerVertically()
        root.append(artwork.image)
        root.append(texts)
        root.append(price)
    }

    func show(_ item: Item, formatter: PriceFormatter, showsCollection: Bool) {
        name.text = item.name
        let collection = showsCollection ? item.result.collectionName : nil
        subtitle.text = collection.map { "\(item.artistAndKind) · \($0)" } ?? item.artistAndKind
        let priceText = formatter.listing(price: item.price, ownPrice: item.edits.price != nil, offers: item.result.offers, currency: item.result.currency)
        price.text = priceText ?? ""
        root.setCSSClass("visited", item.isVisited)
        artwork.image.opacity = item.isVisited ? 0.5 : 1
        item.describe(on: root, price: priceText)
    }

    func loadArtwork(_ url: URL?, with loader: ArtworkLoader, priority: @escaping ArtworkLoader.PriorityProvider) {
        artwork.load(url, with: loader, priority: priority)
    }

    /// The row scrolled away: stop waiting for its image.
    func unbind() { artwork.cancel() }
}
