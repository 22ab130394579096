import Foundation
import Gtk
import StoreSearchCore

/// One tile of the cover grid: larger artwork, the name under it, the price.
@MainActor
final class ResultTile: ResultCell {
    static let artworkSize = 112
    /// The tile's width: the grid fits as many of these side by side as it can.
    static let minimumWidth = artworkSize + 24

    let root = Box(.vertical, spacing: 4)
    let artwork = ArtworkSlot(size: ResultTile.artworkSize)
    private let name = Inscription()
    private let price = Inscription()
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
        root.append(artwork.image)
        root.append(name)
        root.append(price)
    }

    func show(_ item: Item, formatter: PriceFormatter, showsCollection: Bool, marksVisited: Bool, listsTracks: Bool) {
        let collection = showsCollection ? item.result.collectionName : nil
        name.text = collection.map { "\(item.name) (\($0))" } ?? item.name
        let priceText = priceWithChange(of: item, formatter: formatter).text  // the grid's small text: no markup
        price.text = priceText ?? ""
        showVisitedAndDescription(
            of: item, price: priceText, artistAndKind: item.artistAndKind, marksVisited: marksVisited)
    }
}
