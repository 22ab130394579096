import Gtk

/// The application's actions (`app.NAME`): what a notification (`show-price-drops`), GNOME
/// Shell (`quit`) or Ctrl+Q can name. They are added as the session is made, before the
/// application registers: D-Bus may start the app for one `ActivateAction` call (a notification
/// clicked after the app quit), which must find them with no window open (issue #41). One that
/// needs the window opens it first, then runs, then brings it forward.
@MainActor
enum ApplicationActions {
    static let showPriceDrops = "show-price-drops"
    static let quit = "quit"

    /// `window`: the open window, if any. `showWindow`: opens it (or takes the open one), runs
    /// the given work on it and brings it forward.
    static func add(
        to application: Application, window: @escaping @MainActor () -> MainWindow?,
        showWindow: @escaping @MainActor (_ work: (MainWindow) -> Void) -> Void
    ) {
        application.addAction(Self.showPriceDrops) { showWindow { $0.showPriceDrops() } }
        // Closing saves (close-request); the application ends with its last window. With none
        // open (started for the overview), it just ends.
        application.addAction(Self.quit) { [weak application] in
            if let main = window() { main.window.close() } else { application?.quit() }
        }
    }
}
