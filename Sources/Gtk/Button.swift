import CGtk

@MainActor
public final class Button: Widget {
    public convenience init(label: String) {
        self.init(retaining: gtk_button_new_with_label(label))
    }

    public var label: String {
        get { gtk_button_get_label(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(cast(), newValue) }
    }

    public var iconName: String {
        get { gtk_button_get_icon_name(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_icon_name(cast(), newValue) }
    }

    public func onClicked(_ handler: @escaping @MainActor () -> Void) {
        connect("clicked", thunk: SignalThunks.plain, handler: handler)
    }

    /// Lets the button's text wrap onto a second line when the window is narrow, so a long
    /// translation does not set the window's narrowest width (the text stays its name).
    public func wrapsLabel() {
        guard let child = gtk_button_get_child(cast()),
              g_type_check_instance_is_a(UnsafeMutableRawPointer(child).assumingMemoryBound(to: GTypeInstance.self), gtk_label_get_type()) != 0
        else { return }
        gtk_label_set_wrap(OpaquePointer(child), 1)
        gtk_label_set_justify(OpaquePointer(child), GTK_JUSTIFY_CENTER)
    }

    /// Activates the button as a user's click would.
    public func click() { shim_signal_emit(gobject, "clicked") }
}
