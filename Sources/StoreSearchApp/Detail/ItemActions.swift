import Foundation
import Gtk
import StoreSearchCore

/// What can be done to the item the detail shows, as window actions its buttons name in
/// detail-form.ui: win.hide-item, win.revert-item, win.mark-unvisited and win.view-in-store, and
/// win.keep (Keep in My Items, the header's star and Ctrl+D), whose state is whether it is kept.
/// Whether each can be done follows the item (and a read-only window) through the action, so
/// every button or menu item naming it follows too.
@MainActor
final class ItemActions {
    private let window: Window
    /// Whether the item with this id is kept in My Items.
    private let isKept: (String) -> Bool
    private(set) var item: Item?
    /// False in a read-only window: nothing that changes the item can be done.
    var isEditable = true {
        didSet { show(item) }
    }

    var onHide: ((Item) -> Void)?
    var onRevert: ((Item) -> Void)?
    var onMarkUnvisited: ((Item) -> Void)?
    var onViewInStore: ((URL) -> Void)?
    var onKeep: ((Item, Bool) -> Void)?

    init(window: Window, isKept: @escaping (String) -> Bool) {
        self.window = window
        self.isKept = isKept
        window.addAction("hide-item") { [weak self] in self?.item.map { self?.onHide?($0) } }
        window.addAction("revert-item") { [weak self] in self?.item.map { self?.onRevert?($0) } }
        window.addAction("mark-unvisited") { [weak self] in self?.item.map { self?.onMarkUnvisited?($0) } }
        window.addAction("view-in-store") { [weak self] in
            if let url = self?.item?.result.storeURL { self?.onViewInStore?(url) }
        }
        window.addBoolAction("keep", state: false) { [weak self] kept in self?.item.map { self?.onKeep?($0, kept) } }
        show(nil)
    }

    /// The detail shows `item` (nil: none), as it is now.
    func show(_ item: Item?) {
        self.item = item
        window.setActionEnabled("hide-item", item != nil && isEditable)
        window.setActionEnabled("revert-item", item.map { !$0.edits.isEmpty } == true && isEditable)
        window.setActionEnabled("mark-unvisited", item?.isVisited == true && isEditable)
        window.setActionEnabled("view-in-store", item?.result.storeURL != nil)
        window.setActionEnabled("keep", item != nil && isEditable)
        window.setActionState("keep", item.map { isKept($0.id) } ?? false)
    }
}
