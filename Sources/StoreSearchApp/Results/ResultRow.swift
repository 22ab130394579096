import Foundation
import Gtk
import StoreSearchCore

/// One row of the results list: thumbnail, name, "Artist (Kind)", price.
@MainActor
final class ResultRow: ResultCell {
    let root = Box(.horizontal, spacing: 12)
    let artwork = ArtworkSlot(size: ArtworkLoader.thumbnailPoints)
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
        let priceText = listingPrice(of: item, formatter: formatter)
        price.text = priceText ?? ""
        showVisitedAndDescription(of: item, price: priceText)
    }
}
