import Foundation
import Gtk
import StoreSearchCore

/// One entry of a chart's section: the results' own row (artwork, name, "Artist (Kind)", the price
/// with a kept item's drop as My Items shows it, the star on a kept item).
@MainActor
final class ChartRow {
    let row = ResultRow()
    var root: Box { row.root }

    /// Shows `item` (already in its list, so that its list row takes the spoken name too).
    func show(_ item: Item, isKept: Bool, formatter: PriceFormatter, loader: ArtworkLoader) {
        row.show(
            ShownItem(item: item, showsCollection: false, marksVisited: true, listsTracks: false, isKept: isKept),
            formatter: formatter)
        row.loadArtwork(of: item.result, with: loader) { .visible }
    }

    /// Whether its artwork is on screen (or its placeholder, when it has none to show).
    var hasSettledArtwork: Bool { row.artwork.hasSettled }
}
