import CGtk

extension Window {
    /// The icon every window without its own uses (the app's icon name).
    public static func setDefaultIconName(_ name: String) { gtk_window_set_default_icon_name(name) }

    public static var defaultIconName: String? { gtk_window_get_default_icon_name().map { String(cString: $0) } }
}
