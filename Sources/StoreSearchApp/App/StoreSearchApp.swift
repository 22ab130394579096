import Adw
import Foundation
import Gtk
import StoreSearchCore

/// The app's identity: its version, its id (D-Bus name, settings schema, desktop file) and its
/// GTK application. Starting it is the launch code's (Launch/, `StoreSearchApp.run`).
@MainActor
public enum StoreSearchApp {
    public nonisolated static let version = "0.1.0"
    public static let applicationID = "io.github.storesearch.StoreSearch"

    /// A libadwaita application (styles, dark mode, named colors) under `id`; see
    /// `Application.init(id:handlesCommandLine:)`.
    public static func makeApplication(id: String, handlesCommandLine: Bool = false) -> Application {
        // What notification servers name the app by (else the program's name, "storesearch").
        Application.setApplicationName("StoreSearch")
        return Adwaita.application(id: id, handlesCommandLine: handlesCommandLine)
    }
}
