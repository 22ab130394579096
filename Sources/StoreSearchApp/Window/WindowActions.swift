import Adw
import Foundation
import Gtk

/// The window's accelerators, and the actions of its chrome: the primary menu's About, the
/// Keyboard Shortcuts window (Ctrl+?) and close (Ctrl+W); Ctrl+Q (app.quit) and F1 (app.help, the
/// menu's Help) are ApplicationActions'. F10 opens the primary menu (its button is marked primary); Escape,
/// Alt+Left and Delete belong to the panes, and search (Ctrl+F) and F6 to MainWindow, which
/// knows the layout.
/// (Ctrl+Z and Ctrl+Shift+Z, win.undo and win.redo, are UndoActions'.)
@MainActor
final class WindowActions {
    static let accelerators: [(action: WindowAction, keys: [String])] = [
        (.focusSearch, ["<Control>f"]),
        (.showHelpOverlay, ["<Control>question"]),
        // Alt+F4 is the window manager's, but while a popover (the main menu, a drop-down, the
        // date picker) is open it holds the keyboard and the window manager never sees the key:
        // then it reaches the window, which closes with its popover (issue #23).
        (.close, ["<Control>w", "<Alt>F4"]),
        (.undo, ["<Control>z"]),
        (.switchPane, ["F6"]),
        (.redo, ["<Control><Shift>z"]),
        (.keep, ["<Control>d"]),
        (.renameItem, ["F2"]),
        (.playPreview, ["<Control>p"]),
        (.showSearch, ["<Alt>1"]),
        (.showMyItems, ["<Alt>2"]),
    ]

    private let window: Window
    private(set) var aboutWindow: AboutWindow?
    private(set) var shortcutsWindow: Window?

    init(window: Window, application: Application) {
        self.window = window
        window.addAction(.about) { [weak self] in self?.showAbout() }
        window.addAction(.close) { [weak self] in self?.window.close() }
        // The shortcuts window is built when first asked for (it costs ~5 ms at start otherwise).
        window.addAction(.showHelpOverlay) { [weak self] in self?.showShortcuts() }
        for (action, keys) in Self.accelerators { application.setAccelerators(keys, forAction: action.detailedName) }
    }

    private func showShortcuts() {
        if shortcutsWindow == nil {
            let shortcuts = ShortcutsWindowOutlets().helpOverlay
            shortcuts.setTransient(for: window)
            shortcuts.hidesOnClose = true
            shortcuts.destroysWithParent = true
            shortcutsWindow = shortcuts
        }
        shortcutsWindow?.present()
    }

    private func showAbout() {
        let about = AboutStoreSearch.window(parent: window)
        about.present()
        aboutWindow = about
    }
}
