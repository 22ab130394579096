import Foundation
import Gtk
import StoreSearchCore

/// Closing the window saves what the user typed, and waits while it cannot: a price that is not
/// a number asks to keep editing or discard it, and a failed save asks to try again or close
/// without saving. When the session ends (logout, SIGTERM) there is no one left to ask: what is
/// typed is saved, and what cannot be is logged.
@MainActor
final class CloseGuard {
    private let window: Window
    private let items: Items
    private let detail: DetailForm
    /// Runs once the window really closes: it stops what is still running for it.
    private let closing: () -> Void
    private var closingWithoutSaving = false
    /// The window closed (saved, or without saving as the user chose): nothing is left to save.
    private(set) var hasClosed = false
    /// The open question about an invalid price, or about a failed save (tests answer them).
    private(set) var invalidPriceDialog: MessageDialog?
    private(set) var saveFailureDialog: MessageDialog?

    /// Whether the process keeps the items when the window closes (the price watch runs on in
    /// the background): then the data folder's lock is kept too.
    private let keepsItems: () -> Bool

    init(
        window: Window, items: Items, detail: DetailForm, keepsItems: @escaping () -> Bool = { false },
        closing: @escaping () -> Void
    ) {
        self.window = window
        self.keepsItems = keepsItems
        self.items = items
        self.detail = detail
        self.closing = closing
        window.onCloseRequest { [weak self] in self?.closeRequested() ?? false }
    }

    /// Saves; on failure asks whether to try again or close without saving. True keeps the window open.
    private func closeRequested() -> Bool {
        if closingWithoutSaving {
            closing()
            if !keepsItems() { items.releaseLock() }
            hasClosed = true
            return false
        }
        detail.commitPendingEdits()
        if let typed = detail.invalidPriceText {
            askAboutInvalidPrice(typed)
            return true
        }
        do {
            try items.saveNow()
            closing()
            if !keepsItems() { items.releaseLock() }
            hasClosed = true
            return false
        } catch {
            askAboutFailedSave(error)
            return true
        }
    }

    private func askAboutFailedSave(_ error: ItemStoreFileError) {
        saveFailureDialog = ask(
            .error, title: localized("Your Changes Could Not Be Saved"), detail: error.message,
            destructive: localized("Close Without Saving"), safe: localized("Try Again")
        ) { [weak self] response in
            guard let self else { return }
            if response == Self.destructive { self.closingWithoutSaving = true }
            if response == Self.destructive || response == Self.safe { self.window.close() }
        }
    }

    /// A price that is not a number would be lost without a word at close: the window stays,
    /// the text stays in the form, and the user keeps editing or discards it.
    private func askAboutInvalidPrice(_ typed: String) {
        invalidPriceDialog = ask(
            .question, title: localized("The Price Is Not a Number"),
            detail: String(format: localized("The price “%@” is not a number: keep editing or discard it."), typed),
            destructive: localized("Discard"), safe: localized("Keep Editing")
        ) { [weak self] response in
            guard let self else { return }
            self.invalidPriceDialog = nil
            if response == Self.destructive {
                self.detail.discardTypedPrice()
                self.window.close()
            } else {
                self.detail.ui.priceEntry.grabFocus()
            }
        }
    }

    private static let destructive = 2, safe = 1

    /// A question whose destructive answer is not the default; `answered` gets the response
    /// (`destructive`, `safe`, or another when the dialog is closed otherwise).
    private func ask(
        _ kind: MessageDialog.Kind, title: String, detail: String, destructive: String, safe: String,
        answered: @escaping (Int) -> Void
    ) -> MessageDialog {
        let dialog = MessageDialog(parent: window, kind: kind, title: title, detail: detail)
        dialog.addButton(destructive, id: Self.destructive, destructive: true)
        dialog.addButton(safe, id: Self.safe)
        dialog.setDefaultResponse(Self.safe)
        dialog.onResponse { [weak dialog] response in
            dialog?.destroy()
            answered(response)
        }
        dialog.present()
        return dialog
    }

    /// The session ends without the window closing (application shutdown, logout, SIGTERM).
    func saveBeforeExit() {
        detail.commitPendingEdits()
        if let typed = detail.invalidPriceText {
            Log.warning(LogDomain.app, "Discarded the price “\(typed.prefix(100))” at exit: it is not a number")
        }
        do {
            try items.saveNow()
        } catch {
            Log.warning(LogDomain.app, "Changes not saved at exit: \(error.message)")
        }
    }
}
