import Gtk
import StoreSearchCore

/// Undo and redo of the user's changes (field edits, Revert, Hide, Mark as Unvisited, Keep): each
/// change is applied to the store, put on the history and shown in the results and the form.
/// win.undo (Ctrl+Z) and win.redo (Ctrl+Shift+Z) are its actions.
/// A change made with a notice offers Undo there; a newer change ends that offer, since the
/// notice's Undo only takes back the latest.
@MainActor
final class UndoController {
    private var history = UndoHistory<ItemChange>(limit: 50)
    private let keeper: ItemStoreKeeper
    private let notices: NoticesController
    private let results: ResultsController
    private let detail: DetailForm
    private let window: Window
    /// A change, an undo or a redo reached the store, for the item with this id.
    let storeChanged = Event<String>()

    init(window: Window, keeper: ItemStoreKeeper, notices: NoticesController, results: ResultsController, detail: DetailForm) {
        self.window = window
        self.keeper = keeper
        self.notices = notices
        self.results = results
        self.detail = detail
        window.addAction(.undo) { [weak self] in self?.undoFromKeyboard() }
        window.addAction(.redo) { [weak self] in self?.redo() }
        // What is typed in the form is a change like any other.
        detail.edited.subscribe { [weak self] item, edits in
            guard let self else { return }
            let before = self.keeper.store.item(for: item.result).edits
            self.record(ItemChange(result: item.result, kind: .edits(before: before, after: edits)))
        }
    }

    /// Makes a user's change, puts it on the undo stack, and shows it; `notice` offers Undo.
    func record(_ change: ItemChange, notice: String? = nil) {
        keeper.update { $0.apply(change) }
        history.record(change)
        results.reflect(change)
        storeChanged.send(change.id)
        if let notice {
            notices.showUndo(notice) { [weak self] in
                guard let self, self.history.lastChange == change else { return }
                self.undo()
            }
        } else {
            notices.endUndoNotice()
        }
    }

    /// Ctrl+Z: typing not yet committed in the focused field is undone by the field itself.
    func undoFromKeyboard() {
        if detail.focusedFieldHasUncommittedText, let focus = window.focusWidget {
            focus.activateAction("text.undo")
            return
        }
        detail.commitPendingEdits()  // a committed edit is what Ctrl+Z takes back
        undo()
    }

    func undo() {
        notices.endUndoNotice()
        guard let change = history.undo() else { return }
        keeper.update { $0.apply(change.inverse) }
        results.reflect(change.inverse)
        storeChanged.send(change.id)
    }

    func redo() {
        notices.endUndoNotice()
        detail.commitPendingEdits()
        guard let change = history.redo() else { return }
        keeper.update { $0.apply(change) }
        results.reflect(change)
        storeChanged.send(change.id)
    }
}
