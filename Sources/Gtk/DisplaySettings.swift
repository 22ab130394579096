import CGtk

/// GTK's own settings of the default display (GtkSettings), where an application overrides one.
@MainActor
public enum DisplaySettings {
    /// Whether a selectable label selects all of its text when it takes the focus (GTK's default:
    /// it does, so every Tab through a form selects the selectable texts it passes).
    public static var labelsSelectOnFocus: Bool {
        get { boolean("gtk-label-select-on-focus") ?? true }
        set { setBoolean("gtk-label-select-on-focus", newValue) }
    }

    private static func boolean(_ name: String) -> Bool? {
        guard let settings = gtk_settings_get_default() else { return nil }
        var value = GValue()
        g_value_init(&value, shim_boolean_type())
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutablePointer(settings), name, &value)
        return g_value_get_boolean(&value) != 0
    }

    private static func setBoolean(_ name: String, _ on: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        var value = GValue()
        g_value_init(&value, shim_boolean_type())
        defer { g_value_unset(&value) }
        g_value_set_boolean(&value, on ? 1 : 0)
        g_object_set_property(UnsafeMutablePointer(settings), name, &value)
    }
}
