import Adw
import Foundation
import Gtk
import StoreSearchCore

/// The "Search" and "My Items" pages of the results pane and the actions on the user's own items:
/// Restore and Remove from My Items
/// (win.restore-item, win.remove-item, enabled by the selected item), Hidden Items
/// (win.hidden-items: My Items filtered to hidden ones) and Export My Items… (win.export).
@MainActor
package final class MyItemsController {
    package let page: MyItemsPage
    let pages: ViewStack
    private let window: Window
    private let items: Items
    private let notices: NoticesController
    private(set) var exportChooser: FileChooserNative?

    /// Search or My Items came into view (true: My Items).
    let pageChanged = Event<Bool>()

    /// `pages`: the Search and My Items pages, where My Items goes in as `page.root`.
    init(
        pages: ViewStack, window: Window, artwork: ArtworkLoader, locale: Locale, state: WindowState, items: Items,
        notices: NoticesController
    ) {
        self.window = window
        self.items = items
        self.notices = notices
        page = MyItemsPage(window: window, items: items, artwork: artwork, locale: locale, state: state)
        self.pages = pages

        items.changed.subscribe { [weak self] change in self?.storeChanged(ids: change.ids) }
        pages.onVisiblePageChanged { [weak self] in
            guard let self else { return }
            if self.isShowingMyItems { self.page.pageShown() }
            self.pageChanged.send(self.isShowingMyItems)
        }
        page.itemSelected.subscribe { [weak self] _ in self?.updateSelectionActions() }
        // The selected item is the one the detail shows: its typing is committed first, one step with the action.
        window.addAction(.restoreItem) { [weak self] in self?.items.actOnOpenItem { self?.restoreSelected() } }
        window.addAction(.removeItem) { [weak self] in self?.items.actOnOpenItem { self?.removeSelected() } }
        window.addAction(.hiddenItems) { [weak self] in self?.showHiddenItems() }
        window.addAction(.export) { [weak self] in self?.chooseExportFile() }
        window.addAction(.showSearch) { [weak self] in self?.showPage(myItems: false) }
        window.addAction(.showMyItems) { [weak self] in self?.showPage(myItems: true) }
        updateSelectionActions()
    }

    /// The window's two pages, as main-window.ui names them.
    enum Page: String, CaseIterable {
        case search, myItems = "my-items"
    }

    var isShowingMyItems: Bool { pages.visible(Page.self) == .myItems }

    func showPage(myItems: Bool) {
        pages.show(myItems ? Page.myItems : .search)
    }

    /// The records `ids` changed: their rows follow, and what can be done with the selected one.
    private func storeChanged(ids: Set<String>) {
        page.storeChanged(ids: ids)
        updateSelectionActions()
    }

    /// The item file was read: the page lists them (it said "Loading your items…" until now).
    func itemsLoaded() {
        page.itemsLoaded()
        updateSelectionActions()
    }

    private func updateSelectionActions() {
        let selected = page.selected
        window.setActionEnabled(.restoreItem, selected?.isHidden == true && !items.isReadOnly)
        window.setActionEnabled(.removeItem, selected != nil && !items.isReadOnly)
    }

    private func restoreSelected() {
        guard let item = page.selected, item.isHidden else { return }
        items.record(
            ItemChange(result: item.item.result, kind: .hidden(false)),
            notice: String(format: localized("“%@” restored"), item.item.name))
    }

    /// Forgets the selected item's record (edits, notes, marks) with an Undo notice; the next row
    /// takes its place.
    private func removeSelected() {
        guard let item = page.selected, let record = items.store.records[item.id] else { return }
        let index = page.views.selection.selectedIndex ?? 0
        items.record(
            ItemChange(result: item.item.result, kind: .record(before: record, after: nil)),
            notice: String(format: localized("“%@” removed from My Items"), item.item.name))
        if page.count > 0 {
            page.select(min(index, page.count - 1))
            page.views.focus(at: min(index, page.count - 1))
        }
    }

    /// My Items showing the kept items whose price fell (the price-drop notification's action).
    func showPriceDrops() {
        showPage(myItems: true)
        page.filterEntry.text = ""
        page.filter = .priceDrops
        page.pageShown()
    }

    private func showHiddenItems() {
        showPage(myItems: true)
        page.filter = .hidden
    }

    // MARK: Export

    /// The formats the Save dialog offers, in order; the first is chosen at first.
    private static let exportFormats: [MyItemsExport.Format] = [.csv, .json]

    private func chooseExportFile() {
        let chooser = FileChooserNative(
            saveTitle: localized("Export My Items"), acceptLabel: localized("_Export"), parent: window,
            suggestedName: localized("My Items") + ".csv")
        chooser.addFilters([(localized("CSV"), ["*.csv", "*.CSV"]), (localized("JSON"), ["*.json", "*.JSON"])])
        let formats = Self.exportFormats
        // The name follows the format picked (where the dialog says so while it is open).
        chooser.onNotify("filter") { [weak chooser] in
            guard let chooser, let index = chooser.filterIndex else { return }
            chooser.currentName = formats[index].fileName(for: chooser.currentName, picked: index != 0)
        }
        chooser.run { [weak self, weak chooser] path in
            self?.exportChooser = nil
            guard let path else { return }
            let index = chooser?.filterIndex ?? 0
            let url = URL(fileURLWithPath: path)
            let name = formats[index].fileName(for: url.lastPathComponent, picked: index != 0)
            self?.export(to: url.deletingLastPathComponent().appending(path: name))
        }
        exportChooser = chooser
    }

    /// Writes My Items (all of them, by name) to `url` off the main thread (listing 100,000 items
    /// takes a third of a second too); says how it went.
    func export(to url: URL) {
        let store = items.store
        Task {
            let (count, outcome) = await Task.detached { () -> (Int, MyItemsExport.Failure?) in
                let items = MyItemsList(store: store, order: .name).items()
                do throws(MyItemsExport.Failure) { try MyItemsExport.write(items, to: url) } catch {
                    return (items.count, error)
                }
                return (items.count, nil)
            }.value
            if let outcome {
                self.notices.show(outcome.message, lasting: true)
            } else {
                self.notices.show(
                    String(
                        format: localizedPlural("Exported %1$ld item to %2$@", "Exported %1$ld items to %2$@", count),
                        count, url.lastPathComponent),
                    button: localized("Show in Files")
                ) { [weak self] in self?.showInFiles(url) }
            }
        }
    }

    /// The exported file in the file manager, selected.
    private func showInFiles(_ url: URL) {
        Task {
            do throws(SessionBusError) { try await FileManagerWindow.show(url) } catch {
                Log.message(LogDomain.app, "No file manager showed \(url.path): \(error.message)")
                notices.show(
                    String(format: localized("No file manager could show “%@”."), url.pathShownToUser), lasting: true)
            }
        }
    }
}
