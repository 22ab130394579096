import Foundation
import Gtk
import StoreSearchCore

/// One model of items shown as a list or as a cover grid, with one selection: the search
/// results and My Items both use it, so their rows look and behave alike. Each view ranks its
/// artwork by its own scroll position; only the view on screen holds the items.
@MainActor
package final class ItemViews {
    let model: ListModel<Item>
    let selection: SingleSelection<Item>
    let list: ListView<Item>
    let grid: GridView<Item>
    /// Where the list's rows and the grid's tiles are on screen (artwork order, focus).
    let listViewport: ArtworkViewport
    let gridViewport: ArtworkViewport
    let viewStack: Stack
    /// Rows that would read the same as another: they show their album or season too.
    let lookAlikes = LookAlikeIDs()

    /// `marksVisited`: visited items look faded (the search results; on My Items nearly every
    /// item was opened, and a page of faded rows looked disabled). `isKept`: whether an item
    /// (by id) shows the kept star. `model`: a `SlotListModel` where the list is long and
    /// changes wholesale (My Items).
    init(
        listScroller: ScrolledWindow, gridScroller: ScrolledWindow, viewStack: Stack, artwork: ArtworkLoader,
        locale: Locale, name: String,
        marksVisited: Bool, isKept: @escaping @MainActor (String) -> Bool, model: ListModel<Item> = ListModel()
    ) {
        self.model = model
        self.viewStack = viewStack
        selection = SingleSelection(model: model)
        let formatter = PriceFormatter(locale: locale)
        let loader = artwork
        let model = self.model
        listViewport = ArtworkViewport(scroller: listScroller, loader: loader) { (model.count, 1) }
        let gridColumns = GridColumns()  // the grid is made after its viewport
        gridViewport = ArtworkViewport(scroller: gridScroller, loader: loader) { (model.count, gridColumns.count) }
        let rows = ResultCells<ResultRow>(
            formatter: formatter, loader: loader, viewport: listViewport, lookAlikes: lookAlikes,
            marksVisited: marksVisited, isKept: isKept)
        list = ListView(
            selection: selection, setup: rows.setup, bind: rows.bind, unbind: rows.unbind, teardown: rows.teardown)
        let tiles = ResultCells<ResultTile>(
            formatter: formatter, loader: loader, viewport: gridViewport, lookAlikes: lookAlikes,
            marksVisited: marksVisited, isKept: isKept)
        grid = GridView(
            selection: selection, setup: tiles.setup, bind: tiles.bind, unbind: tiles.unbind, teardown: tiles.teardown)
        gridColumns.grid = grid
        list.setAccessibleLabel(name)
        list.addCSSClass("navigation-sidebar")
        grid.setAccessibleLabel(name)
        grid.maxColumns = 12
        listScroller.setChild(list)
        gridScroller.setChild(grid)
        watchClicksOnTheSelectedItem()
    }

    /// A plain click on the selected item's row or tile: its index. GTK selects the item a click
    /// lands on, and selecting the selected one changes nothing, so the selection alone missed a
    /// click that should open it (folded, the row the user came back from with Escape).
    let selectedItemClicked = Event<Int>()

    private func watchClicksOnTheSelectedItem() {
        for (view, viewport) in [(list as Widget, listViewport), (grid as Widget, gridViewport)] {
            // Before the row's own release handler selects it.
            view.onPlainClick { [weak self, weak view, weak viewport] x, y in
                guard let self, let picked = view?.widget(at: x, y),
                    let index = viewport?.index(ofRowHolding: picked), index == self.selection.selectedIndex
                else { return }
                self.selectedItemClicked.send(index)
            }
        }
    }

    /// What screen readers call the list and the grid ("Results", "Artist’s Works", …).
    func setName(_ name: String) {
        list.setAccessibleLabel(name)
        grid.setAccessibleLabel(name)
    }

    var viewMode: WindowState.ViewMode { viewStack.visible(WindowState.ViewMode.self) ?? .list }
    /// The view on screen (list or grid).
    package var visibleView: Widget { viewMode == .grid ? grid : list }

    func show(_ mode: WindowState.ViewMode) {
        // Only the view on screen holds the items: the other would bind (and fetch artwork for)
        // every row too.
        list.isShowingItems = mode == .list
        grid.isShowingItems = mode == .grid
        viewStack.show(mode)
    }

    /// Moves keyboard focus to the item at `index` (or the last); false when there are none.
    @discardableResult
    func focus(at index: Int) -> Bool {
        guard model.count > 0 else { return false }
        let index = min(index, model.count - 1)
        if viewMode == .grid { grid.focus(at: index) } else { list.focus(at: index) }
        // GTK 4.8 gives the focus back to the row that last had it, not the one scrolled to.
        let viewport = viewMode == .grid ? gridViewport : listViewport
        if let row = viewport.cell(at: index)?.parent, !row.hasFocus { row.grabFocus() }
        return true
    }
}
