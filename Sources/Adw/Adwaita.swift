import CAdw
import Gtk

/// libadwaita's application: it calls `adw_init` (styles, named colors, dark mode through the
/// style manager) and loads the app's own `style.css` from its resources.
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

    /// Whether the dark style is in use (the desktop's preference, or forced).
    public static var isDark: Bool { adw_style_manager_get_dark(adw_style_manager_get_default()) != 0 }

    /// Forces light or dark (nil: follow the desktop), as a screenshot or a test needs.
    public static func setColorScheme(dark: Bool?) {
        let scheme = dark.map { $0 ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT } ?? ADW_COLOR_SCHEME_DEFAULT
        adw_style_manager_set_color_scheme(adw_style_manager_get_default(), scheme)
    }
}
