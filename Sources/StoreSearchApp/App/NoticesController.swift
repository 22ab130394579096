import Adw
import Gtk
import StoreSearchCore

/// Notices: an undo notice is a libadwaita toast that floats over the content and goes away by
/// itself; a problem that lasts is a banner across the top that wraps its text (a toast cut the
/// end of long ones off) and stays until dismissed.
@MainActor
final class NoticesController {
    static let undoSeconds = 6

    /// libadwaita 1.2 crashes when a toast that replaced another is hidden (dismissed, or put
    /// off by a newer one) before its 0.5 s show animation ended: the hide ends first and frees
    /// what the show's end then touches. So the toast on screen is never hidden that young: a
    /// notice shown meanwhile changes it in place, and a dismissal waits.
    static let youngToast: Duration = .milliseconds(600)

    private let overlay: ToastOverlay
    /// The notice showing (nil: none, though its toast may still be going away).
    private var current: Toast?
    private var currentAction: (() -> Void)?
    /// The toast last added to the overlay, until it went away, and when it was added.
    private var onScreen: (toast: Toast, since: ContinuousClock.Instant)?
    private var pendingDismissal: Gtk.Timer?
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
        if let young = youngToast {
            pendingDismissal?.cancel()
            young.update(title: text, button: action == nil ? nil : button)
            overlay.nameToastButtons(closeButtonName: localized("Dismiss"))
            current = young
            currentAction = action
            isUndoNotice = false
            return
        }
        let toast = Toast(title: text, button: action == nil ? nil : button, timeout: Self.undoSeconds)
        toast.onButtonClicked { [weak self, weak toast] in
            guard let self, let toast, toast === self.current else { return }
            let action = self.currentAction
            self.clear()
            action?()
        }
        toast.onDismissed { [weak self, weak toast] in
            guard let self else { return }
            if toast === self.onScreen?.toast { self.onScreen = nil }
            if toast === self.current { self.clear() }
        }
        pendingDismissal?.cancel()
        onScreen?.toast.dismiss()
        current = toast
        currentAction = action
        isUndoNotice = false
        onScreen = (toast, .now)
        overlay.add(toast, closeButtonName: localized("Dismiss"))
    }

    /// The toast on screen while it is too young to be hidden (see `youngToast`).
    private var youngToast: Toast? {
        guard let onScreen, ContinuousClock.now - onScreen.since < Self.youngToast else { return nil }
        return onScreen.toast
    }

    /// Takes the shown notice away (its action is not run).
    func dismiss() {
        let toast = current
        clear()
        if let toast { hide(toast) }
    }

    /// Dismisses `toast` now, or once it is old enough to be hidden.
    private func hide(_ toast: Toast) {
        guard let since = onScreen?.since, toast === youngToast else { return toast.dismiss() }
        pendingDismissal?.cancel()
        pendingDismissal = MainContext.after(Self.youngToast - (ContinuousClock.now - since)) {
            [weak self, weak toast] in
            // not shown again meanwhile, nor gone already
            guard let self, let toast, toast !== self.current, toast === self.onScreen?.toast else { return }
            toast.dismiss()
        }
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
        hide(toast)  // a real click dismisses by itself; an emitted signal does not
    }
}
