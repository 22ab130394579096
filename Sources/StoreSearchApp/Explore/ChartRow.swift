import Foundation
import Gtk
import StoreSearchCore

/// One entry of a chart's section: the results' own row (artwork, name, "Artist (Kind)", the price
/// with a kept item's drop as My Items shows it), and the star on a kept item.
@MainActor
final class ChartRow {
    let row = ResultRow()
    private let star = Image(iconName: "starred-symbolic")
    var root: Box { row.root }

    init() {
        star.addCSSClass("kept-star")
        star.centerVertically()
        star.isVisible = false
        star.tooltip = localized("Kept in My Items")
        row.root.append(star)
    }

    /// Shows `item` (already in its list, so that its list row takes the spoken name too).
    func show(_ item: Item, isKept: Bool, formatter: PriceFormatter, loader: ArtworkLoader) {
        row.show(item, formatter: formatter, showsCollection: false, marksVisited: true, listsTracks: false)
        star.isVisible = isKept
        if isKept {
            let spoken = [
                item.spokenLabel(price: row.priceWithChange(of: item, formatter: formatter).text),
                localized("Kept in My Items"),
            ].joined(separator: ", ")
            root.setAccessibleLabel(spoken)
            root.parent?.setAccessibleLabel(spoken)
        }
        row.loadArtwork(of: item.result, with: loader) { .visible }
    }

    /// Whether its artwork is on screen (or its placeholder, when it has none to show).
    var hasSettledArtwork: Bool { row.artwork.hasSettled }
}
