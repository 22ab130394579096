import CGtk

/// The display's icon theme, for icons installed outside the system's data folders.
@MainActor
public enum IconTheme {
    private static var theme: OpaquePointer? {
        gdk_display_get_default().map { gtk_icon_theme_get_for_display($0) }
    }

    /// Also look for themed icons (`hicolor/…`) under `path`.
    public static func addSearchPath(_ path: String) {
        guard let theme else { return }
        gtk_icon_theme_add_search_path(theme, path)
    }

    public static func hasIcon(_ name: String) -> Bool {
        guard let theme else { return false }
        return gtk_icon_theme_has_icon(theme, name) != 0
    }
}
