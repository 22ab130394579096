import Foundation
import Gtk
import StoreSearchCore

/// What can be done to the item the detail shows, as window actions its buttons name in
/// detail-form.ui: win.hide-item, win.revert-item, win.mark-unvisited and win.view-in-store, and
/// win.keep (Keep in My Items, the header's star and Ctrl+D), whose state is whether it is kept.
/// Each action is carried out here, as a change of the items (`Items`), after what is typed in
/// the form is committed (one step with it: see `Items.actOnOpenItem`); whether it
/// can be done follows the item (and a read-only window) through the action, so every button or
/// menu item naming it follows too.
@MainActor
final class ItemActions {
    private let window: Window
    private let items: Items
    private let notices: NoticesController
    private let detail: DetailForm
    private(set) var item: Item?
    /// The user kept an item (the star, Ctrl+D): its name.
    let kept = Event<String>()
    /// False in a read-only window: nothing that changes the item can be done.
    var isEditable = true {
        didSet { show(item) }
    }

    init(window: Window, detail: DetailForm, items: Items, notices: NoticesController) {
        self.window = window
        self.detail = detail
        self.notices = notices
        self.items = items
        detail.shown.subscribe { [weak self] item in self?.show(item) }
        detail.invalidPriceChanged.subscribe { [weak self] in self?.show(self?.item) }
        // The shown item changed (an edit, an undo, Mark as Unvisited): what can be done follows.
        items.changed.subscribe { [weak self] change in
            guard let self, let shown = self.item, change.ids.contains(shown.id) else { return }
            self.show(items.store.item(for: shown.result))
        }
        window.addAction(.hideItem) { [weak self] in self?.act { self?.hide($0) } }
        window.addAction(.revertItem) { [weak self] in
            self?.act { item in
                self?.detail.discardTypedPrice()  // typing that is not a price goes too
                guard !item.edits.isEmpty else { return }
                self?.items.record(
                    ItemChange(result: item.result, kind: .edits(before: item.edits, after: ItemEdits())),
                    notice: String(format: localized("Changes to “%@” reverted"), item.result.name))
            }
        }
        window.addAction(.markUnvisited) { [weak self] in
            self?.act { item in
                self?.items.record(ItemChange(result: item.result, kind: .visited(before: item.visitedAt, after: nil)))
            }
        }
        window.addAction(.viewInStore) { [weak self] in
            self?.act { item in if let url = item.result.storeURL { self?.openInBrowser(url) } }
        }
        window.addAction(.watchHere) { [weak self] in self?.act { self?.watchHere($0) } }
        window.addBoolAction(.keep, state: false) { [weak self] kept in
            self?.act { item in
                let notice = kept ? nil : String(format: localized("“%@” is no longer kept in My Items"), item.name)
                self?.items.record(ItemChange(result: item.result, kind: .kept(kept)), notice: notice)
                if kept { self?.kept.send(item.name) }
            }
        }
        show(nil)
    }

    /// The detail shows `item` (nil: none), as it is now.
    func show(_ item: Item?) {
        self.item = item
        // My Items lists hidden ones
        window.setActionEnabled(.hideItem, item.map { !items.store.isHidden($0.id) } == true && isEditable)
        window.setActionEnabled(
            .revertItem, item.map { !$0.edits.isEmpty || detail.invalidPriceText != nil } == true && isEditable)
        window.setActionEnabled(.markUnvisited, item?.isVisited == true && isEditable)
        window.setActionEnabled(.viewInStore, item?.result.storeURL != nil)
        window.setActionEnabled(.keep, item != nil && isEditable)
        window.setActionEnabled(.watchHere, item?.keptFrom != nil && isEditable)
        window.setActionState(.keep, item.map { items.store.isKept($0.id) } ?? false)
    }

    /// Runs `action` on the shown item as it is once the form's typing is committed.
    private func act(_ action: (Item) -> Void) {
        items.actOnOpenItem {
            if let item { action(item) }
        }
    }

    /// Hides `item` (the shown one: the Hide button, or Delete in the results) with an Undo notice.
    private func hide(_ item: Item) {
        guard !items.isReadOnly else { return }
        items.record(
            ItemChange(result: item.result, kind: .hidden(true)),
            notice: String(format: localized("“%@” hidden"), item.name))
    }

    /// A kept item shown from another store is watched in that store from now on (its price
    /// history starts anew there), with Undo.
    private func watchHere(_ item: Item) {
        guard let before = items.store.watchedStore(of: item.id) else { return }
        let region = item.result.storeRegion.map { StoreRegion.name(of: $0, in: detail.locale) }
        items.record(
            ItemChange(result: item.result, kind: .watchedStore(before: before, after: WatchedStore(of: item.result))),
            notice: String(
                format: localized("The price of “%1$@” is watched in the store of %2$@ now"), item.name,
                region ?? localized("another region")))
    }

    /// Opens a web link; any other scheme never reaches gtk_show_uri (which would hand `file:`
    /// to a text editor and `ssh:` to a client). The decoder refuses them too; this is the last gate.
    private func openInBrowser(_ url: URL) {
        switch WebLink.check(url) {
        case .success(let link):
            window.openURI(link.absoluteString) { [weak self] failure in
                Log.warning(LogDomain.app, "Could not open \(link.absoluteString.prefix(200)): \(failure.message)")
                self?.notices.show(String(format: localized("The store page could not be opened: %@"), failure.message))
            }
        case .failure(let refusal):
            Log.warning(LogDomain.app, "Refused to open \(url.absoluteString.prefix(200)): \(refusal.message)")
        }
    }
}
