import Adw
import Gtk
import StoreSearchCore

/// Notices: an undo notice is a libadwaita toast that floats over the content and goes away by
/// itself; a problem that lasts is a banner across the top that wraps its text (a toast cut the
/// end of long ones off) and stays until dismissed.
@MainActor
final class NoticesController {
    static let undoSeconds = 6

    private let overlay: ToastOverlay
    private var current: Toast?
    private var currentAction: (() -> Void)?
    /// Whether the shown notice offers Undo (or Redo) of the latest change (a newer change ends it).
    private(set) var isUndoNotice = false

    private let banner: NoticeBanner

    init(overlay: ToastOverlay, banner: NoticeBanner) {
        self.overlay = overlay
        self.banner = banner
    }

    /// Shows `text` with an Undo button running `undo`; it goes away by itself.
    func showUndo(_ text: String, undo: @escaping () -> Void) {
        show(text, button: localized("Undo"), action: undo)
        isUndoNotice = true
    }

    /// Shows `text` with a Redo button running `redo`; like an Undo notice, a newer change ends it.
    func showRedo(_ text: String, redo: @escaping () -> Void) {
        show(text, button: localized("Redo"), action: redo)
        isUndoNotice = true
    }

    /// Takes away the Undo notice, if one shows (its change is no longer the latest).
    func endUndoNotice() {
        if isUndoNotice { dismiss() }
    }

    /// Shows `text`; with `button`, pressing it runs `action`. `lasting`: stays until dismissed.
    func show(_ text: String, button: String? = nil, lasting: Bool = false, action: (() -> Void)? = nil) {
        if lasting {
            banner.show(text, button: button, action: action)
            return
        }
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
        overlay.add(toast, closeButtonName: localized("Dismiss"))
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

    /// The notice on screen, if any: the toast's, else the banner's.
    var text: String? { current?.title ?? banner.text }

    /// Presses the notice's button (Undo, Use Offline Catalog); without one, dismisses it.
    func clickButton() {
        guard let toast = current else { return banner.clickButton() }
        if toast.buttonLabel != nil { toast.clickButton() }
        toast.dismiss()  // a real click dismisses by itself; an emitted signal does not
    }
}
