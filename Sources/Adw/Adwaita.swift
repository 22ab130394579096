import CAdw
import Gtk

/// libadwaita's application: it calls `adw_init` (styles, named colors, dark mode through the
/// style manager).
@MainActor
public enum Adwaita {
    /// A GtkApplication of libadwaita's type, wrapped like any other application; the flags are
    /// those of `Application.init(id:handlesCommandLine:)` (unique per session).
    public static func application(id: String, handlesCommandLine: Bool = false) -> Application {
        MainLoopBridge.install()
        let flags = handlesCommandLine ? G_APPLICATION_HANDLES_COMMAND_LINE : G_APPLICATION_DEFAULT_FLAGS
        let pointer = adw_application_new(id, flags)!
        defer { g_object_unref(UnsafeMutableRawPointer(pointer)) }
        return Application(retaining: UnsafeMutableRawPointer(pointer))
    }
}
