import CAdw
import Gtk

/// libadwaita's application: it calls `adw_init` (styles, named colors, dark mode through the
/// style manager).
@MainActor
public enum Adwaita {
    /// A GtkApplication of libadwaita's type, wrapped like any other application; the flags are
    /// those of `Application.init(id:handlesCommandLine:)` (unique per session), and its D-Bus
    /// registration can be followed (`Application.onDBusRegister`).
    public static func application(id: String, handlesCommandLine: Bool = false) -> Application {
        Application(id: id, handlesCommandLine: handlesCommandLine, type: adw_application_get_type())
    }
}
