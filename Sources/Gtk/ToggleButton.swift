import CGtk

/// A GtkToggleButton (loaded from a .ui file), such as one of a linked group of view buttons.
@MainActor
public final class ToggleButton: Widget {
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(cast()) != 0 }
        set { gtk_toggle_button_set_active(cast(), newValue ? 1 : 0) }
    }

    public var iconName: String? { gtk_button_get_icon_name(cast()).map { String(cString: $0) } }

    /// Shows the icon `active` while pressed and `inactive` otherwise (a star that fills when
    /// an item is kept), whether the user or the button's action changed it.
    public func showIcons(active: String, inactive: String) {
        let update: @MainActor () -> Void = { [unowned self] in
            gtk_button_set_icon_name(cast(), isActive ? active : inactive)
        }
        update()
        onNotify("active", update)
    }

    /// Toggles the button as a user's click would.
    public func click() { shim_signal_emit(gobject, "clicked") }
}
