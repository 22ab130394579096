import Foundation
import Gtk
import StoreSearchCore

/// A list row or a grid tile showing one result: the list and the grid fill theirs the same way.
@MainActor
protocol ResultCell: AnyObject {
    init()
    var root: Box { get }
    var artwork: ArtworkSlot { get }
    /// The whole name and artist, shown on hover (see `setUpTooltip`).
    var tooltip: String? { get set }
    /// What it was last bound to show.
    var shown: ShownItem? { get set }
    /// Shows `shown.item` as `shown` says (see `ShownItem`).
    func show(_ shown: ShownItem, formatter: PriceFormatter)
}

extension ResultCell {
    /// The price as the list shows it ("Album Only", "Buy … · Rent …", the user's own price).
    func listingPrice(of item: Item, formatter: PriceFormatter) -> String? {
        formatter.listing(
            price: item.price, ownPrice: item.edits.price != nil, offers: item.result.offers,
            currency: item.result.currency)
    }

    /// The price with its last change beside it, for a kept item whose store price changed: "$0.49,
    /// was $0.99" for a drop (in `markup`, the old price struck through), "$1.29, up from $0.99"
    /// for a rise (plain). Nil `markup`: no change to show (`text` is then the plain listing).
    func priceWithChange(of item: Item, formatter: PriceFormatter) -> (text: String?, markup: String?) {
        let now = listingPrice(of: item, formatter: formatter)
        guard let change = item.priceChange, change.isDrop || change.isRise, let now else { return (now, nil) }
        // The row's own price (the user's edit, its offer) beside the old one, in the app's one wording.
        let old = PriceChangeWording(formatter: formatter).old(change)
        let format = PriceChangeWording.format(for: change)
        let nowMarkup = change.isDrop ? "<b>\(Label.escapedMarkup(now))</b>" : Label.escapedMarkup(now)
        let oldMarkup = change.isDrop ? "<s>\(Label.escapedMarkup(old))</s>" : Label.escapedMarkup(old)
        // The format's own words escaped too (a translation may hold "&"); its placeholders hold
        // nothing markup escapes.
        let markup = filled(Label.escapedMarkup(format), nowMarkup, oldMarkup)
        return (filled(format, now, old), Self.onLinesAfterCommas(markup))
    }

    /// The text with a new line after each comma and each "·", and no other break ("$0.49," over
    /// "was $0.99", never "was" on a line of its own beside the row's artwork; "Album Only ·" over
    /// "¥2,750," over "was ¥3,000", not one line that left the name a few letters at 360 px). As
    /// wide as its longest line at any window width, it need not wrap: GTK lays out a label that
    /// may wrap several times over, for each of the dozens of rows a price check changes at once.
    static func onLinesAfterCommas(_ text: String) -> String {
        var result = "", previous: Character?
        for character in text {
            result.append(character == " " ? (previous == "," || previous == "·" ? "\n" : "\u{00A0}") : character)
            previous = character
        }
        return result
    }

    /// What rows and tiles show alike: the visited look (where it is news), the kept star, and
    /// what a screen reader hears. The view's own focusable child around `root` is what takes
    /// focus and what screen readers announce; GTK 4.8 has no list item label (that came in
    /// 4.12), so it is named directly too.
    func showVisitedAndDescription(of shown: ShownItem, price: String?, artistAndKind: String, keptStar: Image) {
        let item = shown.item
        let faded = shown.marksVisited && item.isVisited
        root.setCSSClass("visited", faded)
        artwork.image.opacity = faded ? 0.5 : 1
        keptStar.isVisible = shown.isKept
        let spoken = item.spokenLabel(price: price, isKept: shown.isKept)
        root.setAccessibleLabel(spoken)
        root.parent?.setAccessibleLabel(spoken)
        tooltip = item.tooltip(artistAndKind: artistAndKind)
    }

    /// Shows `tooltip` on hover over the cell and its list item.
    func setUpTooltip() {
        for widget in [root, root.parent].compactMap({ $0 }) {
            widget.showTooltip { [weak self] in self?.tooltip }
        }
    }

    func loadArtwork(
        of result: SearchResult, with loader: ArtworkLoader, priority: @escaping ArtworkLoader.PriorityProvider
    ) {
        artwork.load(
            result.artworkURL, placeholder: ArtworkSlot.placeholderIcon(for: result.kind), with: loader,
            priority: priority)
    }

    /// The cell scrolled away: stop waiting for its image.
    func unbind() { artwork.cancel() }
}

/// The item factory's closures for a view of `Cell`s, its artwork ranked by `viewport`.
@MainActor
struct ResultCells<Cell: ResultCell> {
    let formatter: PriceFormatter
    let loader: ArtworkLoader
    weak var viewport: ArtworkViewport?
    /// The items whose rows would read like another's (see `LookAlikes`).
    let lookAlikes: LookAlikeIDs
    /// Whether visited items look faded (not on My Items, where nearly every item was opened).
    let marksVisited: Bool
    /// Whether the item with this id is kept (its star).
    let isKept: @MainActor (String) -> Bool

    func setup(_ listItem: ListItem) {
        let cell = Cell()
        listItem.row = cell
        listItem.setChild(cell.root)
    }

    /// The priority closure keeps the item's position from bind, never the list item: GTK only
    /// lends that pointer for the callback, and the loader may ask later.
    func bind(_ listItem: ListItem, _ item: Item) {
        guard let cell = listItem.row as? Cell else { return }
        let shown = ShownItem(
            item: item, showsCollection: lookAlikes.ids.contains(item.id), marksVisited: marksVisited,
            listsTracks: lookAlikes.listsTracks, isKept: isKept(item.id))
        if cell.shown == nil { cell.setUpTooltip() }  // first bound: it is in its list item now
        // GTK 4.8 binds again every built row after a change's position, most of them to what they show.
        if cell.shown != shown {
            cell.show(shown, formatter: formatter)
            cell.shown = shown
        }
        viewport?.place(cell.root, at: Int(listItem.position))
        cell.loadArtwork(of: item.result, with: loader) { [weak viewport, position = listItem.position] in
            viewport?.priority(ofItemAt: position) ?? .visible
        }
    }

    func unbind(_ listItem: ListItem) {
        guard let cell = listItem.row as? Cell else { return }
        viewport?.place(cell.root, at: nil)
        cell.unbind()
    }

    func teardown(_ listItem: ListItem) { listItem.row = nil }
}

/// What a cell shows: an item, and how.
struct ShownItem: Equatable {
    let item: Item
    /// Another row reads the same, so this one names its album or season too.
    let showsCollection: Bool
    /// A visited item looks faded.
    let marksVisited: Bool
    /// The rows are an album's tracks, with their numbers and lengths.
    let listsTracks: Bool
    /// Kept in My Items: the star.
    let isKept: Bool
}

/// The ids of the rows that show their album or season, shared by a view's cells, and whether
/// the rows are an album's tracks (a browsed album's page).
@MainActor
final class LookAlikeIDs {
    var ids: Set<String> = []
    var listsTracks = false
}
