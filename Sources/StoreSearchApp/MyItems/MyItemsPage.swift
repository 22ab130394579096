import Adw
import Foundation
import Gtk
import StoreSearchCore

/// The My Items page: every item the user touched, from the item store alone (no network),
/// in the same list or grid rows as search results. The filter field narrows it as the user
/// types (name, artist, notes), the "Show" drop-down by kind of change, the sort menu orders it.
/// Selecting opens the detail; Restore and Remove from My Items act on the selected item.
@MainActor
package final class MyItemsPage {
    let root: Box
    package let views: ItemViews
    package let filterEntry: SearchEntry
    let showDropDown: DropDown
    let stack: Stack
    private let countLabel: Label
    private let noMatchPage: StatusPage
    private let state: WindowState
    /// How the count is written: "100,000 items", "100.000 Objekte".
    private let locale: Locale
    /// Every item, and what the order, filter and text let through (made in the background).
    private var listing: MyItemsListing!
    /// The listing the rows show: what the selection, Enter and Delete act on. Its list and
    /// positions are one value, and the rows are made from it (`Listed.rows`).
    private var listed: MyItemsListing.Listed?
    /// A listing that came while one was being shown (the rows' change can select, and a
    /// selection can change the items): it is shown right after, never in the middle.
    private var nextListed: MyItemsListing.Listed?
    private var isShowingListing = false
    /// The keys of the model's rows' items, in order (`MyItemsList.keys(at:)`): what the next
    /// listing is compared with, so that only the rows whose item differs are bound again.
    private var rowKeys: [Int] = []
    /// Item objects only for the rows GTK asks for; one items-changed per change.
    private let rows = SlotListModel<Item>()
    /// GTK 4.8 builds the widgets of up to 200 rows in one layout: a list that appears from nothing
    /// shows a screenful first, then a few more rows a frame up to that many, then the rest at once.
    static let firstRows = 8
    static let rowsPerFrame = 12
    /// Frames are counted on the window, mapped whichever view shows.
    private let clock: Widget
    /// Bumped by every change of the rows: a fill still under way for older ones stops.
    private var fillGeneration = 0
    /// The items listed, in order.
    package var shown: [MyItem] { listed.map { listed in listed.positions.map { listed.list[$0] } } ?? [] }
    private var isSelectingInCode = false
    /// The item last selected (by the user or in code, not by a listing): a filter that hides it
    /// takes the selection off, and it is selected again once it is listed again.
    private var chosenID: String?
    /// The rows are being replaced: the selection GTK drops and gets back is not the user's.
    private var isReplacingRows = false
    /// A listing is under way in the background. For tests and the bench.
    package var isListing: Bool { listing.isBusy }

    /// An item was selected (nil: none); `opens` when the user chose it (a click, Enter).
    let itemSelected = Event<(item: MyItem?, opens: Bool)>()
    let itemActivated = Event<MyItem>()

    init(window: Window, items: Items, artwork: ArtworkLoader, locale: Locale, state: WindowState) {
        self.state = state
        self.locale = locale
        clock = window
        let ui = MyItemsPageOutlets()
        root = ui.myItemsPage
        filterEntry = ui.myItemsFilterEntry
        stack = ui.myItemsStack
        ui.myItemsLoadingSpinner.spinWhileMapped()
        countLabel = ui.myItemsCountLabel
        noMatchPage = ui.myItemsNoMatchPage
        views = ItemViews(
            listScroller: ui.myItemsListScroller, gridScroller: ui.myItemsGridScroller,
            viewStack: ui.myItemsViewStack, artwork: artwork, locale: locale, name: localized("My Items"),
            marksVisited: false, isKept: { [items] in items.store.isKept($0) }, model: rows)
        showDropDown = DropDown(items: MyItemsFilter.allCases.map(\.displayName))
        showDropDown.setAccessibleLabel(localized("Show"))
        showDropDown.nameButton(localized("Show"))
        showDropDown.nameListRows()
        showDropDown.tooltip = localized("Show")
        ui.myItemsFilterBar.insert(showDropDown, after: filterEntry)
        views.show(state.viewMode)

        window.addStringAction(.myItemsSort, state: state.myItemsOrder.rawValue) { [weak self] value in
            guard let self, let order = MyItemsOrder(rawValue: value) else { return }
            self.state.myItemsOrder = order
            self.listing.relist()
        }
        filterEntry.onEachChange { [weak self] in self?.listing.relist() }  // the filter is local: narrow at once
        filterEntry.onKeyPressedBeforeChildren { [weak self] keyval, _ in
            guard keyval == Keys.down, let self, self.count > 0 else { return false }
            self.select(0)
            return self.views.focus(at: 0)
        }
        showDropDown.onSelectionChanged { [weak self] in self?.listing.relist() }
        views.selection.onSelectionChanged { [weak self] in self?.selectionChanged() }
        views.list.onActivate { [weak self] index in self?.activate(at: index) }
        views.grid.onActivate { [weak self] index in self?.activate(at: index) }
        // A click on the selected row opens it as on any other (folded, after Escape left it selected).
        views.selectedItemClicked.subscribe { [weak self] _ in
            guard let self, let selected = self.selected else { return }
            self.pointerPressed = false  // no selection follows this press
            self.itemSelected.send((selected, true))
        }
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
        listing = MyItemsListing(items: items) { [unowned self] in
            MyItemsListing.Request(order: self.state.myItemsOrder, filter: self.filter, text: self.filterEntry.text)
        }
        listing.listed.subscribe { [weak self] listed in self?.show(listed) }
    }

    /// The page came into view: brings it up to date with the store (or says the items are
    /// still being read).
    func pageShown() {
        guard listing.isStoreLoaded else { return stack.show(Page.loading) }
        listing.pageShown()
    }

    /// The item file was read: the list is made from its items, and a page that said it was
    /// loading lists them.
    func itemsLoaded() {
        listing.storeLoaded()
        if visiblePage == .loading { listing.pageShown() }
    }

    var filter: MyItemsFilter {
        get { MyItemsFilter.allCases[max(0, showDropDown.selectedIndex)] }
        set { showDropDown.selectedIndex = MyItemsFilter.allCases.firstIndex(of: newValue) ?? 0 }
    }

    var selected: MyItem? {
        guard let listed, let row = views.selection.selectedIndex, row < listed.positions.count else { return nil }
        return listed.item(at: row)
    }
    package var count: Int { listed?.positions.count ?? 0 }
    /// For tests and the bench.
    package var countText: String { countLabel.text }
    /// The page's own pages, as my-items-page.ui names them.
    enum Page: String, CaseIterable {
        case items, empty, noMatch = "no-match", loading
    }

    var visiblePage: Page? { stack.visible(Page.self) }

    func showViewMode(_ mode: WindowState.ViewMode) { views.show(mode) }

    /// The records `ids` changed (an edit, a mark, Remove, a price check): their rows follow,
    /// the selection kept by item.
    func storeChanged(ids: Set<String>) { listing.storeChanged(ids: ids) }

    /// Shows a listing: items-changed for the rows that differ; the count and status pages. One
    /// handed meanwhile (a row's change moved the selection, whose detail changed an item) waits
    /// until this one is shown: the rows and the listing always change together.
    private func show(_ listed: MyItemsListing.Listed) {
        guard !isShowingListing else { return nextListed = listed }
        isShowingListing = true
        replaceListing(with: listed)
        isShowingListing = false
        if let next = nextListed {
            nextListed = nil
            show(next)
        }
    }

    private func replaceListing(with listed: MyItemsListing.Listed) {
        let list = listed.list, matched = listed.positions
        let selectedID =
            views.selection.selectedIndex.flatMap { row in
                self.listed.flatMap { row < rows.count && row < $0.positions.count ? $0.id(at: row) : nil }
            } ?? chosenID
        // What a large list drops (each item's record, 100,000 keys) is let go off the main thread.
        let replaced = Handover((self.listed, rowKeys))
        self.listed = listed
        // The same items, unchanged, in the same order (more of a word typed, the same matches): no row changes.
        if listed.keys != rowKeys || rows.count != rowKeys.count { showRows(listed, selectedID: selectedID) }
        replaced.dropInBackground()
        countLabel.text = String(
            format: localizedPlural("%@ item", "%@ items", matched.count),
            matched.count.formatted(.number.locale(locale)))
        if !matched.isEmpty {
            stack.show(Page.items)
        } else if list.count == 0 {
            stack.show(Page.empty)
        } else {
            stack.show(Page.noMatch)
            let text = filterEntry.text.trimmingCharacters(in: .whitespaces)
            noMatchPage.pageDescription =
                text.isEmpty
                ? String(format: localized("None of your items is in “%@”."), filter.displayName)
                : String(
                    format: localized("None of your items in “%1$@” has “%2$@” in its name, artist or notes."),
                    filter.displayName, text)
        }
    }

    /// Gives the model the listing's rows in one items-changed. As many rows as shown, a few of
    /// them changed (a price check, an edit): for the changed rows GTK has built, the others left
    /// as they are. Else for the rows from the first that differs to the last, or to the end when
    /// the count changes. The selection follows its item.
    private func showRows(_ listed: MyItemsListing.Listed, selectedID: String?) {
        let keys = listed.keys, shownRows = listed.rows
        let old = rowKeys.prefix(rows.count)  // a list still filling has fewer rows than keys
        if old.count == keys.count, rowKeys.count == keys.count {
            let changed = keys.indices.filter { old[$0] != keys[$0] }
            // Most rows changed (another order): the rows from the first to the last that changed.
            if changed.count <= keys.count / 2 {
                // Only rows GTK has built are told, in one change from the first to the last:
                // GTK 4.8 builds and binds a row for each row it is told of, and binds again every
                // built row after a change's position (a change per changed row of a price check,
                // 3,333 of them, took a quarter of a second). The other rows stand for positions,
                // bound to their new values when shown.
                let built = views.listViewport.placedIndexes.union(views.gridViewport.placedIndexes)
                let told = changed.filter(built.contains)
                let range = told.first.map { $0..<told.last! + 1 } ?? 0..<0
                return replacingRows(selectedID: selectedID, with: listed, takingOff: range.contains) {
                    rows.reload(shownRows, changed: range)
                }
            }
        }
        let common = min(old.count, keys.count)
        guard let first = (0..<common).first(where: { old[$0] != keys[$0] }) ?? (old.count == keys.count ? nil : common)
        else {
            return rows.reload(shownRows, changed: 0..<0)
        }
        let end =
            old.count == keys.count
            ? (first..<keys.count).last { old[$0] != keys[$0] }.map { $0 + 1 } ?? first + 1 : keys.count
        // new rows: none was scrolled past
        if old.isEmpty { [views.listViewport, views.gridViewport].forEach { $0.reset() } }
        fillGeneration += 1
        let count = old.isEmpty ? min(keys.count, Self.firstRows) : keys.count
        // The rows GTK has built first, the rest after (see `SlotListModel.reload(_:showing:changed:split:)`).
        let built = views.listViewport.placedIndexes.union(views.gridViewport.placedIndexes).max().map { $0 + 1 } ?? 0
        replacingRows(selectedID: selectedID, with: listed, takingOff: { $0 >= first }) {
            rows.reload(shownRows, showing: count, changed: first..<min(end, count), split: built)
        }
        if count < keys.count { fill(to: keys.count) }
    }

    /// Replaces rows with `reload`, now showing `listed`. The rows' objects stand for positions: a
    /// selection on a row being replaced (`takingOff`) would stay on its position (and GTK would
    /// look for it row by row), so it is taken off and put back on its item.
    private func replacingRows(
        selectedID: String?, with listed: MyItemsListing.Listed, takingOff: (Int) -> Bool, _ reload: () -> Void
    ) {
        rowKeys = listed.keys
        isReplacingRows = true
        let selectedRow = views.selection.selectedIndex
        if let row = selectedRow, takingOff(row) { views.selection.selectedIndex = nil }
        reload()
        // The selected item is usually where it was (a price check moves no row).
        let isAtRow = { (row: Int) in row < listed.positions.count && listed.id(at: row) == selectedID }
        let row =
            selectedID == nil
            ? nil : selectedRow.flatMap { isAtRow($0) ? $0 : nil } ?? listed.positions.indices.first(where: isAtRow)
        if let row {
            if views.selection.selectedIndex != row { views.selection.selectedIndex = row }
            // GtkListView keeps its focus ring at the old index (an undone Remove put another
            // row there): it goes back to the selected row, which Delete and Enter act on.
            if views.visibleView.containsFocus { views.focus(at: row) }
        }
        isReplacingRows = false
        if selectedRow != nil, selectedID != nil, row == nil { itemSelected.send((nil, false)) }
        // The chosen item is listed again (a filter cleared): its detail too.
        if selectedRow == nil, let row, root.isMapped { itemSelected.send((listed.item(at: row), false)) }
    }

    /// Adds the rows up to `target`, a few a frame until GTK has built as many as it ever does.
    private func fill(to target: Int) {
        let generation = fillGeneration
        clock.onEachFrame { [weak self] in
            guard let self, self.fillGeneration == generation else { return false }
            let count = self.rows.count
            self.rows.resize(to: count < ResultsFeeder.realizedRows ? min(target, count + Self.rowsPerFrame) : target)
            return self.rows.count < target
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
        guard let listed, let index = listed.positions.indices.first(where: { listed.id(at: $0) == id }) else {
            return false
        }
        select(index)
        return true
    }

    private var pointerPressed = false

    private func selectionChanged() {
        guard !isReplacingRows else { return }
        let opens = pointerPressed && !isSelectingInCode
        pointerPressed = false
        chosenID = selected?.id
        itemSelected.send((selected, opens))
    }

    private func activate(at index: Int) {
        guard let listed, index < listed.positions.count else { return }
        if views.selection.selectedIndex != index { select(index) }
        itemActivated.send(listed.item(at: index))
    }
}

extension MyItemsListing.Listed {
    /// The listed item in row `row`.
    func item(at row: Int) -> MyItem { list[positions[row]] }
    func id(at row: Int) -> String { list.id(at: positions[row]) }

    /// The rows that show the listing: as many as it lists, each made from its own listing.
    var rows: SlotRows<Item> {
        let list = list, positions = positions
        return SlotRows(count: positions.count) { list[positions[$0]].item }
    }
}
