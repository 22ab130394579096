import Foundation
import Gtk
import StoreSearchCore

/// The results: one model and one selection shown as a list or as a cover grid, filled a few
/// rows per frame; selecting opens the detail (a click, Enter or a dwell marks it visited);
/// Delete asks to hide the selected item; the rows follow the items' changes (edit, hide, undo,
/// restore), and a hidden row's place goes to the next one.
@MainActor
package final class ResultsController {
    /// The iTunes Search API returns at most this many results.
    static let storeLimit = 200

    let views: ItemViews
    var model: ListModel<Item> { views.model }
    var selection: SingleSelection<Item> { views.selection }
    package var list: ListView<Item> { views.list }
    var grid: GridView<Item> { views.grid }
    /// results-view.ui's objects.
    let ui = ResultsViewOutlets()
    /// The header's List View and Grid View toggles.
    let listButton: ToggleButton
    let gridButton: ToggleButton
    private let feeder: ResultsFeeder
    private let userItems: Items
    private let state: WindowState
    private var visits: VisitTracker!
    /// The results of the last search, before hidden items were taken out (for restoring).
    private var lastResults: [SearchResult] = []
    /// True while a movement key is being handled: the selection follows focus then, which
    /// must not slide a folded window over to the detail.
    private var isMovingWithKeys = false

    /// An item was selected (nil: none). `opens` is false when keys only moved the selection or
    /// code selected it: a folded window then stays on the results.
    let itemSelected = Event<(item: Item?, opens: Bool)>()
    /// Enter or double click on an item.
    let itemActivated = Event<Item>()

    init(
        viewButtons: (list: ToggleButton, grid: ToggleButton), window: Window, artwork: ArtworkLoader,
        locale: Locale, items: Items, state: WindowState
    ) {
        userItems = items
        self.state = state
        (listButton, gridButton) = viewButtons
        views = ItemViews(
            listScroller: ui.listScroller, gridScroller: ui.gridScroller,
            viewStack: ui.viewStack, artwork: artwork, locale: locale, name: localized("Results"),
            marksVisited: true, isKept: { [items] in items.store.isKept($0) })
        feeder = ResultsFeeder(model: views.model, clock: window, viewports: [views.listViewport, views.gridViewport])
        visits = VisitTracker { [weak self] id in self?.markVisited(id) }
        connectSignals()
        showViewMode(state.viewMode)
        // The List View and Grid View toggles name this action with their mode as target (My
        // Items follows the same choice).
        window.addStringAction(.viewMode, state: state.viewMode.rawValue) { [weak self] value in
            self?.switchTo(WindowState.ViewMode(rawValue: value) ?? .list)
        }
        order = state.resultOrder
        window.addStringAction(.sort, state: order.rawValue) { [weak self] value in
            self?.order = ResultOrder(rawValue: value) ?? .bestMatch
        }
    }

    private func connectSignals() {
        userItems.changed.subscribe { [weak self] change in self?.follow(change) }
        selection.onSelectionChanged { [weak self] in self?.selectionChanged() }
        for view in [list as Widget, grid as Widget] {
            view.onKeyPressedBeforeChildren { [weak self] keyval, _ in
                // GtkListView/GtkGridView move the selection along with focus on these keys.
                guard let self, Keys.listMovement.contains(keyval) else { return false }
                self.isMovingWithKeys = true
                MainContext.after(.zero) { [weak self] in self?.isMovingWithKeys = false }
                return false
            }
            // Delete hides the selected result, which is the one the detail shows.
            view.onKeyPressed { [weak self, weak view] keyval, _ in
                guard let self else { return false }
                if Keys.enter.contains(keyval) { return self.activateSelected() }
                guard keyval == Keys.delete, self.selection.selectedElement != nil else { return false }
                return view?.activateAction(WindowAction.hideItem.detailedName) ?? false
            }
            view.onPointerPress { [weak self] in self?.visits.pointerPressed() }
        }
        list.onActivate { [weak self] index in self?.activate(at: index) }
        grid.onActivate { [weak self] index in self?.activate(at: index) }
        views.selectedItemClicked.subscribe { [weak self] index in self?.selectedClicked(at: index) }
    }

    // MARK: Showing results

    package var items: [Item] { model.elements }
    package var isFilling: Bool { feeder.isFeeding }

    /// Shows the results of a search (or a browsed page), without the user's hidden items;
    /// `finished` runs once every row is in the list. Kept items' snapshots are refreshed from a
    /// new answer, not from one shown again (Back): it could be older than what the store said since.
    func show(
        _ results: [SearchResult], refreshingSnapshots: Bool = true, then finished: (@MainActor () -> Void)? = nil
    ) {
        lastResults = results
        if refreshingSnapshots { userItems.refreshSnapshots(from: results) }
        let items = order.sorted(userItems.store.apply(to: results))
        views.lookAlikes.ids = LookAlikes.ids(in: items)
        feeder.show(items, then: finished)
        updateCount()
    }

    /// What the list shows (before hidden items were taken out), to come back to.
    var shownResults: [SearchResult] { lastResults }

    /// The order rows are listed in (list and grid alike); a change lists the results again.
    var order: ResultOrder = .bestMatch {
        didSet {
            guard order != oldValue else { return }
            state.resultOrder = order
            if !lastResults.isEmpty { show(lastResults) }
        }
    }

    /// Stops adding rows of the previous results, and visiting (a new search began).
    func stopFilling() {
        feeder.cancel()
        visits.cancel()
    }

    var isEmpty: Bool { feeder.totalCount == 0 }

    /// What the count line calls the rows: a search's results, an artist's works, an album's tracks.
    enum Counted { case results, works, tracks }
    var counted = Counted.results { didSet { updateCount() } }

    private func updateCount() {
        let count = feeder.totalCount
        switch counted {
        case .results:
            let text = String(format: localizedPlural("%ld result", "%ld results", count), count)
            ui.countLabel.text =
                lastResults.count >= Self.storeLimit
                ? String(format: localized("%1$@ (the store sends at most %2$ld)"), text, Self.storeLimit) : text
        case .works: ui.countLabel.text = String(format: localizedPlural("%ld work", "%ld works", count), count)
        case .tracks: ui.countLabel.text = String(format: localizedPlural("%ld track", "%ld tracks", count), count)
        }
    }

    // MARK: List or grid

    var viewMode: WindowState.ViewMode { views.viewMode }
    var visibleView: Widget { views.visibleView }
    /// The user picked list or grid (the toggles are shared with My Items).
    let viewModeChanged = Event<WindowState.ViewMode>()

    private func switchTo(_ mode: WindowState.ViewMode) {
        guard mode != viewMode else { return }
        let hadFocus = visibleView.containsFocus
        showViewMode(mode)
        state.viewMode = mode
        viewModeChanged.send(mode)
        if hadFocus { focusSelected() }
    }

    private func showViewMode(_ mode: WindowState.ViewMode) {
        views.show(mode)
    }

    /// Moves keyboard focus to the selected result, or the first; false when there are none.
    @discardableResult
    func focusSelected() -> Bool {
        focus(at: selection.selectedIndex ?? 0)
    }

    /// Focuses the first result (Down from the search entry); false when there are none.
    @discardableResult
    func focusFirst() -> Bool {
        guard model.count > 0 else { return false }
        select(0)  // the focused row is the selected one, so the detail shows what the keyboard is on
        return focus(at: 0)
    }

    /// Moves keyboard focus to the result at `index` (or the last); false when there are none.
    @discardableResult
    func focus(at index: Int) -> Bool { views.focus(at: index) }

    // MARK: Selection and visits

    private var isSelectingInCode = false
    /// True while a row takes the place of a hidden one (or comes back with an undo): the user
    /// did not choose it, so staying on it is no visit.
    private var isReplacingRow = false
    /// The row that took a hidden one's place, while it stays selected.
    private var replacingRowID: String?
    /// Whether the detail pane is on screen (set by the window's layout).
    var isDetailShown: () -> Bool = { true }

    /// Selects `index` without opening the detail in a folded window (hide, undo, restore).
    func select(_ index: Int?) {
        isSelectingInCode = true
        selection.selectedIndex = index
        isSelectingInCode = false
    }

    private func selectReplacing(_ index: Int) {
        isReplacingRow = true
        select(index)
        isReplacingRow = false
        replacingRowID = selection.selectedElement?.id
        focus(at: index)
    }

    private func selectionChanged() {
        guard let index = selection.selectedIndex else {
            replacingRowID = nil
            visits.selected(nil)
            return itemSelected.send((nil, false))
        }
        let item = model[index]
        if !isReplacingRow { replacingRowID = nil }
        itemSelected.send((item, !isMovingWithKeys && !isSelectingInCode))
        // Dwelling on a row counts as opening it only where its detail is on screen beside the
        // list; in a folded window arrowing through the list opens nothing, and the row that
        // takes a hidden one's place is not one the user chose.
        if !item.isVisited, isDetailShown(), !isReplacingRow { visits.selected(item.id) } else { visits.selected(nil) }
    }

    /// A click on the selected row opens it as a click on any other row does (folded on the
    /// results, where Escape left it selected, the detail slides in), and visits it.
    private func selectedClicked(at index: Int) {
        guard index < model.count else { return }
        let item = model[index]
        replacingRowID = nil  // chosen now
        visits.activated(item.id)
        itemSelected.send((item, true))
    }

    /// Enter that no row took: right after fast arrowing, GTK 4.8's list can hold the focus
    /// itself while the row scrolled to is not made yet. The key then went on to the search
    /// entry (type-to-search), which searched again: the list jumped to the top with nothing
    /// selected (issue #30). The keys moved the selection with the focus, so open that row.
    private func activateSelected() -> Bool {
        guard let index = selection.selectedIndex else { return false }
        activate(at: index)
        return true
    }

    private func activate(at index: Int) {
        guard index < model.count else { return }
        if selection.selectedIndex != index { select(index) }
        visits.activated(model[index].id)
        itemActivated.send(model[index])
    }

    /// The user went into the detail of the item with `id` (clicked or tabbed into the form).
    /// The row that took a hidden one's place was not chosen, so not visited; working on it in
    /// the form opens it. (Any other row was visited by its selection already, or was marked
    /// unvisited on purpose.)
    func detailEntered(_ id: String) {
        guard id == replacingRowID else { return }
        replacingRowID = nil
        visits.activated(id)
    }

    /// Opening an item marks it visited; it is not an undoable change (Mark as Unvisited is).
    private func markVisited(_ id: String) {
        guard let item = model.elements.first(where: { $0.id == id }), !item.isVisited else { return }
        userItems.markVisited(item.result)
    }

    /// Brings the rows in line with the store after a change to these items. A row is only ever
    /// shown for a result of the current search, and at most once. A hidden selected row's
    /// place goes to the next row, selected and focused, so Delete can go on down the list.
    /// A price check's new price shows at once on a kept item's row, when the check asked the
    /// store these results came from (a result of another store keeps that store's price).
    private func follow(_ change: Items.Change) {
        // A newer snapshot from the same store changes nothing a row shows (the rows being made
        // for the answer that brought it read the store anyway).
        guard change.cause != .snapshots else { return }
        for (index, result) in lastResults.enumerated() where change.ids.contains(result.id) {
            if change.cause == .priceCheck, let record = userItems.store.records[result.id], record.keptAt != nil,
                let snapshot = record.snapshot, snapshot.isSameStore(as: result), snapshot.price != result.price
            {
                lastResults[index].price = snapshot.price
            }
            reflect(lastResults[index])
        }
    }

    /// The user's items were read after these results showed (the file is read in the
    /// background): hidden ones leave, edited ones show their edits.
    func followStore() {
        userItems.refreshSnapshots(from: lastResults)
        for result in lastResults where userItems.store.records[result.id] != nil { reflect(result) }
    }

    private func reflect(_ result: SearchResult) {
        let item = userItems.store.item(for: result)
        let rows = model.elements
        let row = rows.firstIndex { $0.id == result.id }
        switch (row, userItems.store.isHidden(result.id)) {
        case (let row?, true):
            let wasSelected = selection.selectedIndex == row
            model.remove(at: row)
            updateCount()
            if wasSelected, model.count > 0 {
                selectReplacing(min(row, model.count - 1))
            }
        case (nil, true):
            feeder.replacePending(result.id, with: nil)
        case (nil, false):
            if feeder.replacePending(result.id, with: item) { return }
            guard let order = lastResults.firstIndex(where: { $0.id == result.id }) else { return }
            let position = rows.filter { row in
                (lastResults.firstIndex { $0.id == row.id } ?? .max) < order
            }.count
            model.insert(item, at: position)
            updateCount()
            selectReplacing(position)
        case (let row?, false):
            model.update(at: row, with: item)  // keeping selection and focus
        }
    }
}
