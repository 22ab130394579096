import CGtk

/// A GtkToggleButton (loaded from a .ui file), such as one of a linked group of view buttons.
@MainActor
public final class ToggleButton: Widget {
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(cast()) != 0 }
        set { gtk_toggle_button_set_active(cast(), newValue ? 1 : 0) }
    }

    /// Toggles the button as a user's click would.
    public func click() { shim_signal_emit(gobject, "clicked") }
}
