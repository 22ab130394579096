import Adw
import Gtk
import StoreSearchCore

/// Notices over the window as libadwaita toasts: they float over the content, so showing one
/// never moves the layout. An undo notice goes away by itself; a problem stays until dismissed.
@MainActor
final class NoticesController {
    static let undoSeconds = 6

    private let overlay: ToastOverlay
    private var current: Toast?
    private var currentAction: (() -> Void)?
    /// Whether the shown notice offers Undo of the latest change (a newer change ends it).
    private(set) var isUndoNotice = false

    init(overlay: ToastOverlay) { self.overlay = overlay }

    /// Shows `text` with an Undo button running `undo`; it goes away by itself.
    func showUndo(_ text: String, undo: @escaping () -> Void) {
        show(text, button: localized("Undo"), action: undo)
        isUndoNotice = true
    }

    /// Takes away the Undo notice, if one shows (its change is no longer the latest).
    func endUndoNotice() {
        if isUndoNotice { dismiss() }
    }

    /// Shows `text`; with `button`, pressing it runs `action`. `lasting`: stays until dismissed.
    func show(_ text: String, button: String? = nil, lasting: Bool = false, action: (() -> Void)? = nil) {
        let toast = Toast(title: text, button: action == nil ? nil : button, timeout: lasting ? 0 : Self.undoSeconds)
        toast.onButtonClicked { [weak self, weak toast] in
            guard let self, let toast, toast === self.current else { return }
            let action = self.currentAction
            self.clear()
            action?()
        }
        toast.onDismissed { [weak self, weak toast] in
            guard let self, toast === self.current else { return }
            self.clear()
        }
        current?.dismiss()
        current = toast
        currentAction = action
        isUndoNotice = false
        overlay.add(toast)
    }

    /// Takes the shown notice away (its action is not run).
    func dismiss() {
        let toast = current
        clear()
        toast?.dismiss()
    }

    private func clear() {
        current = nil
        currentAction = nil
        isUndoNotice = false
    }

    /// The notice on screen, if any.
    var text: String? { current?.title }

    /// Presses the notice's button (Undo, Use Offline Catalog); without one, dismisses it.
    func clickButton() {
        guard let toast = current else { return }
        if toast.buttonLabel != nil { toast.clickButton() }
        toast.dismiss()  // a real click dismisses by itself; an emitted signal does not
    }
}
