import Foundation
import Gtk
import StoreSearchCore

/// A list row or a grid tile showing one result: the list and the grid fill theirs the same way.
@MainActor
protocol ResultCell: AnyObject {
    init()
    var root: Box { get }
    func show(_ item: Item, formatter: PriceFormatter)
    func loadArtwork(_ url: URL?, with loader: ArtworkLoader, priority: @escaping ArtworkLoader.PriorityProvider)
    func unbind()
}

/// The item factory's closures for a view of `Cell`s, its artwork ranked by `viewport`.
@MainActor
struct ResultCells<Cell: ResultCell> {
    let formatter: PriceFormatter
    let loader: ArtworkLoader
    weak var viewport: ArtworkViewport?

    func setup(_ listItem: ListItem) {
        let cell = Cell()
        listItem.row = cell
        listItem.setChild(cell.root)
    }

    /// The priority closure keeps the item's position from bind, never the list item: GTK only
    /// lends that pointer for the callback, and the loader may ask later.
    func bind(_ listItem: ListItem, _ item: Item) {
        guard let cell = listItem.row as? Cell else { return }
        cell.show(item, formatter: formatter)
        viewport?.place(cell.root, at: Int(listItem.position))
        cell.loadArtwork(item.result.artworkURL, with: loader) { [weak viewport, position = listItem.position] in
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
