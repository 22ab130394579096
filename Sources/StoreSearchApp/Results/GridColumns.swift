import Gtk
import StoreSearchCore

/// Tiles per row of the cover grid: GtkGridView fits as many tiles of their minimum width as
/// its width allows.
@MainActor
final class GridColumns {
    weak var grid: GridView<Item>?

    var count: Int { max(1, min(grid?.maxColumns ?? 1, (grid?.allocatedWidth ?? 0) / ResultTile.minimumWidth)) }
}
