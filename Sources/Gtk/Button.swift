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

    /// Activates the button as a user's click would.
    public func click() { shim_signal_emit(gobject, "clicked") }
}
