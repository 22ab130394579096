import Adw
import Foundation
import Gtk
import StoreSearchCore

/// The My Items page: every item the user touched, from the item store alone (no network),
/// in the same list or grid rows as search results. The filter field narrows it as the user
/// types (name, artist, notes), the "Show" drop-down by kind of change, the sort menu orders it.
/// Selecting opens the detail; Restore and Remove from My Items act on the selected item.
@MainActor
final class MyItemsPage {
    let root: Box
    let views: ItemViews
    let filterEntry: SearchEntry
    let showDropDown: DropDown
    let stack: Stack
    private let countLabel: Label
    private let noMatchPage: StatusPage
    private let keeper: ItemStoreKeeper
    private let feeder: ResultsFeeder
    private let state: WindowState
    /// Every item in the current order, rebuilt when the store changed behind the page's back.
    private var list: MyItemsList?
    private var listChangeCount = -1
    /// The listed items' positions in `list`, in the model's order.
    private var positions: [Int] = []
    /// The items listed, in order.
    var shown: [MyItem] { list.map { list in positions.map { list[$0] } } ?? [] }
    private var isSelectingInCode = false
    /// The rows are being replaced: the selection GTK drops and gets back is not the user's.
    private var isReplacingRows = false

    /// An item was selected (nil: none); `opens` when the user chose it (a click, Enter).
    let itemSelected = Event<(item: MyItem?, opens: Bool)>()
    let itemActivated = Event<MyItem>()

    init(window: Window, environment: AppEnvironment, state: WindowState) {
        keeper = environment.keeper
        self.state = state
        let builder = Builder.loading("my-items-page.ui")
        root = builder.object("my_items_page")
        filterEntry = builder.object("my_items_filter_entry")
        stack = builder.object("my_items_stack")
        countLabel = builder.object("my_items_count_label")
        noMatchPage = builder.object("my_items_no_match_page")
        views = ItemViews(listScroller: builder.object("my_items_list_scroller"), gridScroller: builder.object("my_items_grid_scroller"),
                          viewStack: builder.object("my_items_view_stack"), environment: environment, name: localized("My Items"),
                          marksVisited: false)
        feeder = ResultsFeeder(model: views.model, clock: window, viewports: [views.listViewport, views.gridViewport])
        showDropDown = DropDown(items: MyItemsFilter.allCases.map(\.displayName))
        showDropDown.setAccessibleLabel(localized("Show"))
        showDropDown.nameButton(localized("Show"))
        showDropDown.nameListRows()
        showDropDown.tooltip = localized("Show")
        builder.object("my_items_filter_bar", as: Box.self).insert(showDropDown, after: filterEntry)
        views.show(state.viewMode)

        window.addStringAction(.myItemsSort, state: state.myItemsOrder.rawValue) { [weak self] value in
            guard let self, let order = MyItemsOrder(rawValue: value) else { return }
            self.state.myItemsOrder = order
            self.list = self.list?.sorted(by: order)
            self.positions = []
            self.showFiltered()
        }
        filterEntry.onEachChange { [weak self] in self?.showFiltered() }  // the filter is local: narrow at once
        filterEntry.onKeyPressedBeforeChildren { [weak self] keyval, _ in
            guard keyval == Keys.down, let self, !self.positions.isEmpty else { return false }
            self.select(0)
            return self.views.focus(at: 0)
        }
        showDropDown.onSelectionChanged { [weak self] in self?.showFiltered() }
        views.selection.onSelectionChanged { [weak self] in self?.selectionChanged() }
        views.list.onActivate { [weak self] index in self?.activate(at: index) }
        views.grid.onActivate { [weak self] index in self?.activate(at: index) }
        for view in [views.list as Widget, views.grid as Widget] {
            view.onPointerPress { [weak self] in self?.pointerPressed = true }
            // Delete removes the selected item from My Items (with Undo), as Hide does on the Search page.
            view.onKeyPressed { [weak self, weak view] keyval, _ in
                // Enter that no row took (fast arrowing, see ResultsController) opens the selected row.
                if Keys.enter.contains(keyval), let self, let index = self.views.selection.selectedIndex {
                    self.activate(at: index)
                    return true
                }
                guard keyval == Keys.delete, self?.views.selection.selectedElement != nil else { return false }
                return view?.activateAction(WindowAction.removeItem.detailedName) ?? false
            }
        }
    }

    /// The page came into view: brings it up to date with the store (or says the items are
    /// still being read).
    func pageShown() {
        guard keeper.isLoaded else { return stack.show(Page.loading) }
        if list == nil || listChangeCount != keeper.changeCount { rebuild() }
    }

    /// The item file was read: a page that showed, or said it was loading, lists the items.
    func itemsLoaded() {
        if list != nil || visiblePage == .loading { rebuild() }
    }

    var filter: MyItemsFilter {
        get { MyItemsFilter.allCases[max(0, showDropDown.selectedIndex)] }
        set { showDropDown.selectedIndex = MyItemsFilter.allCases.firstIndex(of: newValue) ?? 0 }
    }

    var selected: MyItem? {
        guard let list, let row = views.selection.selectedIndex, row < positions.count, positions[row] < list.count else { return nil }
        return list[positions[row]]
    }
    var count: Int { positions.count }
    var countText: String { countLabel.text }
    /// The page's own pages, as my-items-page.ui names them.
    enum Page: String, CaseIterable {
        case items, empty, noMatch = "no-match", loading
    }

    var visiblePage: Page? { stack.visible(Page.self) }

    func showViewMode(_ mode: WindowState.ViewMode) { views.show(mode) }

    /// The store changed (an edit, a mark, Remove: `ids` when known): the rows follow, the
    /// selection kept by item.
    func storeChanged(ids: Set<String>? = nil) {
        guard let list else { return }  // built when first shown
        // Only this change since the list was made: refold just these items; otherwise (a visit
        // made on the search page, a lookup) make it again.
        guard let ids, listChangeCount == keeper.changeCount - 1 else { return rebuild() }
        self.list = list.updating(ids, from: keeper.store)
        listChangeCount = keeper.changeCount
        showFiltered(changed: ids)
    }

    private func rebuild() {
        list = MyItemsList(store: keeper.store, order: state.myItemsOrder)
        listChangeCount = keeper.changeCount
        positions = []  // every row is new
        showFiltered()
    }

    /// Lists what the filter and the typed text let through. `changed`: items whose values
    /// changed; where the rows are otherwise the same, only theirs are redrawn (selection and
    /// focus stay).
    private func showFiltered(changed: Set<String> = []) {
        guard let list else { return }
        let matched = list.positions(filter, matching: filterEntry.text)
        if matched == positions {
            for (row, position) in matched.enumerated() where changed.contains(list[position].id) {
                let item = list[position].item
                if row < views.model.count { views.model.update(at: row, with: item) } else { feeder.replacePending(item.id, with: item) }
            }
        } else {
            let selectedID = views.selection.selectedElement?.id  // from the rows: `list` may be newer than `positions`
            positions = matched
            isReplacingRows = true
            feeder.show(matched.map { list[$0].item }) { [weak self] in
                guard let self, let selectedID, let row = self.positions.firstIndex(where: { list[$0].id == selectedID }) else { return }
                self.isReplacingRows = true
                self.views.selection.selectedIndex = row
                self.isReplacingRows = false
                // GtkListView keeps its focus ring at the old index (an undone Remove put another
                // row there): it goes back to the selected row, which Delete and Enter act on.
                if self.views.visibleView.containsFocus { self.views.focus(at: row) }
            }
            isReplacingRows = false
            if let selectedID, !matched.contains(where: { list[$0].id == selectedID }) { itemSelected.send((nil, false)) }
        }
        countLabel.text = String(format: localizedPlural("%ld item", "%ld items", matched.count), matched.count)
        if !matched.isEmpty {
            stack.show(Page.items)
        } else if list.count == 0 {
            stack.show(Page.empty)
        } else {
            stack.show(Page.noMatch)
            let text = filterEntry.text.trimmingCharacters(in: .whitespaces)
            noMatchPage.pageDescription = text.isEmpty
                ? String(format: localized("None of your items is in “%@”."), filter.displayName)
                : String(format: localized("None of your items in “%1$@” has “%2$@” in its name, artist or notes."), filter.displayName, text)
        }
    }

    /// Selects the row at `index` (nil: none) without opening the detail in a folded window.
    func select(_ index: Int?) {
        isSelectingInCode = true
        views.selection.selectedIndex = index
        isSelectingInCode = false
    }

    /// Selects the item with `id` if it is listed; false when it is not.
    @discardableResult
    func select(id: String) -> Bool {
        guard let list, let index = positions.firstIndex(where: { list[$0].id == id }) else { return false }
        select(index)
        return true
    }

    private var pointerPressed = false

    private func selectionChanged() {
        guard !isReplacingRows else { return }
        let opens = pointerPressed && !isSelectingInCode
        pointerPressed = false
        itemSelected.send((selected, opens))
    }

    private func activate(at index: Int) {
        guard let list, index < positions.count else { return }
        if views.selection.selectedIndex != index { select(index) }
        itemActivated.send(list[positions[index]])
    }
}
