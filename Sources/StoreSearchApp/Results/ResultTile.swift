import Foundation
import Gtk
import StoreSearchCore

/// One tile of the cover grid: larger artwork (a kept item's star in its corner), the name under
/// it, the price.
@MainActor
final class ResultTile: ResultCell {
    static let artworkSize = 112
    /// The tile's width: the grid fits as many of these side by side as it can.
    static let minimumWidth = artworkSize + 24

    let root = Box(.vertical, spacing: 4)
    let artwork = ArtworkSlot(size: ResultTile.artworkSize)
    private let name = Inscription()
    private let price = Inscription()
    private let keptStar = KeptStar.make(size: 16)
    var tooltip: String?
    var shown: ShownItem?

    init() {
        root.addCSSClass("result-tile")
        root.setSizeRequest(width: Self.minimumWidth, height: -1)
        name.addCSSClass("name")
        name.ellipsizeAtEnd()
        name.centerText()
        price.addCSSClass("price")
        price.addCSSClass("dim-label")
        price.centerText()
        root.append(KeptStar.cover(artwork.image, star: keptStar))
        root.append(name)
        root.append(price)
    }

    func show(_ shown: ShownItem, formatter: PriceFormatter) {
        let item = shown.item
        let collection = shown.showsCollection ? item.result.collectionName : nil
        name.text = collection.map { "\(item.name) (\($0))" } ?? item.name
        let priceText = priceWithChange(of: item, formatter: formatter).text  // the grid's small text: no markup
        price.text = priceText ?? ""
        showVisitedAndDescription(
            of: shown, price: priceText, artistAndKind: item.artistAndKind, keptStar: keptStar)
    }
}
