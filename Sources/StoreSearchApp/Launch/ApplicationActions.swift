import Gtk

/// The application's actions (`app.NAME`) and their keys: what a notification (`show-price-drops`),
/// GNOME Shell (`quit`), Ctrl+Q or F1 and the main menu's Help (`help`) can name (the main menu's
/// `watch-in-background` is BackgroundWatch's). They are added as the session is made, before the
/// application registers: D-Bus may start the app for one `ActivateAction` call (a notification
/// clicked after the app quit), which must find them with no window open (issue #41). One that
/// needs the window opens it first, then runs, then brings it forward.
@MainActor
enum ApplicationActions {
    static let showPriceDrops = PriceDropNotifier.applicationAction
    static let quit = "quit"
    static let help = "help"

    /// F1 opens an app's help in GNOME; the Keyboard Shortcuts window lists these keys too.
    static let accelerators: [(action: String, keys: [String])] = [
        ("app.\(quit)", ["<Control>q"]),
        ("app.\(help)", ["F1"]),
    ]

    /// `window`: the open window, if any. `showWindow`: opens it (or takes the open one), runs
    /// the given work on it and brings it forward.
    static func add(
        to application: Application, window: @escaping @MainActor () -> MainWindow?,
        showWindow: @escaping @MainActor (_ work: (MainWindow) -> Void) -> Void
    ) {
        application.addAction(Self.showPriceDrops) { showWindow { $0.showPriceDrops() } }
        // Closing saves (close-request); then the application ends, the background watch too.
        // A window that stays open (it asks about a price that is not a number) keeps it.
        application.addAction(Self.quit) { [weak application] in
            if let main = window() {
                main.window.close()
                guard main.closeGuard.hasClosed else { return }
            }
            application?.quit()
        }
        // For the open window (a lasting notice when no help viewer is installed), else for none.
        application.addAction(Self.help) {
            let main = window()
            Help.open(for: main?.window) { [weak main] text in main?.notices.show(text, lasting: true) }
        }
        for (action, keys) in accelerators { application.setAccelerators(keys, forAction: action) }
    }
}
