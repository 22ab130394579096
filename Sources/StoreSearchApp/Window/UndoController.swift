import Gtk
import StoreSearchCore

/// Undo and redo of the user's changes (field edits, Revert, Hide, Mark as Unvisited, Keep): each
/// change is applied to the store, put on the history and shown in the results and the form.
/// win.undo (Ctrl+Z) and win.redo (Ctrl+Shift+Z) are its actions.
/// A change made with a notice offers Undo there; a newer change ends that offer, since the
/// notice's Undo only takes back the latest.
/// One step of the history is one thing the user did: usually one change, but an action on the
/// open item (`actOnOpenItem`) also holds the typing it committed.
@MainActor
final class UndoController {
    private var history = UndoHistory<[ItemChange]>(limit: 50)
    /// The step an action on the open item is making: its changes so far, and its notice.
    private var openStep: (changes: [ItemChange], notice: String?)?
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
    /// Within `actOnOpenItem`, the change joins that action's step.
    func record(_ change: ItemChange, notice: String? = nil) {
        keeper.update { $0.apply(change) }
        if openStep == nil { history.record([change]) }
        results.reflect(change)
        storeChanged.send(change.id)
        if openStep != nil {
            openStep?.changes.append(change)
            if let notice { openStep?.notice = notice }
        } else {
            offerUndo([change], notice: notice)
        }
    }

    /// Carries out an action on the open item (Keep, Hide, Revert, …) from a button, a menu or
    /// an accelerator. An accelerator leaves the focus in the field being typed in, so leaving it
    /// never commits, and showing the changed item would refill the field: what is typed is
    /// committed first, and Undo takes back the action and that typing as one step.
    func actOnOpenItem(_ action: () -> Void) {
        guard openStep == nil else { return action() }  // already within one
        openStep = ([], nil)
        detail.commitPendingEdits()
        action()
        guard let step = openStep else { return }
        openStep = nil
        guard !step.changes.isEmpty else { return }
        history.record(step.changes)
        offerUndo(step.changes, notice: step.notice)
    }

    /// A notice with Undo for the step just made; without one, an older step's notice ends.
    private func offerUndo(_ step: [ItemChange], notice: String?) {
        guard let notice else { return notices.endUndoNotice() }
        notices.showUndo(notice) { [weak self] in
            guard let self, self.history.lastChange == step else { return }
            self.undo()
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
        guard let step = history.undo() else { return }
        apply(step.reversed().map(\.inverse))
    }

    func redo() {
        notices.endUndoNotice()
        detail.commitPendingEdits()
        guard let step = history.redo() else { return }
        apply(step)
    }

    /// Applies `changes` in order (an undo's or a redo's), then shows each.
    private func apply(_ changes: [ItemChange]) {
        keeper.update { store in
            for change in changes { store.apply(change) }
        }
        for change in changes {
            results.reflect(change)
            storeChanged.send(change.id)
        }
    }
}
