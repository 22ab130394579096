import Gtk
import StoreSearchCore

/// win.undo (Ctrl+Z) and win.redo (Ctrl+Shift+Z) over the items' history, and the notices that
/// offer Undo for a step (or, after Ctrl+Z, Redo). A notice's button acts only on its own step, so
/// a newer step ends it.
@MainActor
final class UndoActions {
    private let items: Items
    private let notices: NoticesController
    private let detail: DetailForm
    private let window: Window

    init(window: Window, items: Items, detail: DetailForm, notices: NoticesController) {
        self.window = window
        self.items = items
        self.detail = detail
        self.notices = notices
        window.addAction(.undo) { [weak self] in self?.undoFromKeyboard() }
        window.addAction(.redo) { [weak self] in self?.redo() }
        items.stepRecorded.subscribe { [weak self] step, notice in self?.offerUndo(step, notice: notice) }
    }

    /// A notice with Undo for the step just made; without one, an older step's notice ends.
    private func offerUndo(_ step: [ItemChange], notice: String?) {
        guard let notice else { return notices.endUndoNotice() }
        notices.showUndo(notice) { [weak self] in
            self?.notices.endUndoNotice()
            self?.items.undo(ifLatest: step)
        }
    }

    /// Ctrl+Z: typing not yet committed in the focused field is undone by the field itself.
    private func undoFromKeyboard() {
        if detail.focusedFieldHasUncommittedText, let focus = window.focusWidget {
            focus.activateAction("text.undo")
            return
        }
        detail.commitPendingEdits()  // a committed edit is what Ctrl+Z takes back
        notices.endUndoNotice()
        let store = items.store
        guard let step = items.undo() else { return }
        // The item may be nowhere on screen: say what was undone, with the way back.
        notices.showRedo(StepDescription.undone(step, in: store)) { [weak self] in
            self?.items.redo(ifNext: step)
        }
    }

    private func redo() {
        notices.endUndoNotice()
        detail.commitPendingEdits()
        guard let step = items.redo() else { return }
        notices.showUndo(StepDescription.redone(step, in: items.store)) { [weak self] in
            self?.items.undo(ifLatest: step)
        }
    }
}
