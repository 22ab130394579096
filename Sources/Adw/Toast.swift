import CAdw
import Gtk

/// AdwToast: a short notice over the content, optionally with one button.
@MainActor
public final class Toast: Object {
    /// The text shown, as given (libadwaita 1.2 reads a toast's title as Pango markup, so it is
    /// escaped on the way in: a name such as "Salt & Pepper" shows as written).
    public private(set) var title: String

    public init(title: String, button: String? = nil, timeout: Int = 5, highPriority: Bool = true) {
        self.title = title
        let escaped = g_markup_escape_text(title, -1)
        defer { g_free(escaped) }
        let pointer = adw_toast_new(escaped)!
        super.init(taking: UnsafeMutableRawPointer(pointer))
        if let button { adw_toast_set_button_label(pointer, button) }
        adw_toast_set_timeout(pointer, guint(timeout))
        adw_toast_set_priority(pointer, highPriority ? ADW_TOAST_PRIORITY_HIGH : ADW_TOAST_PRIORITY_NORMAL)
    }

    /// Changes what the toast says and its button (nil: none) while it shows: the toast's widget
    /// follows both.
    public func update(title: String, button: String?) {
        self.title = title
        let escaped = g_markup_escape_text(title, -1)
        defer { g_free(escaped) }
        adw_toast_set_title(cast(), escaped)
        adw_toast_set_button_label(cast(), button)
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) {
        title = adw_toast_get_title(OpaquePointer(pointer)).map { String(cString: $0) } ?? ""
        super.init(retaining: pointer)
    }

    public var buttonLabel: String? { adw_toast_get_button_label(cast()).map { String(cString: $0) } }

    /// The toast's button was pressed (the toast then goes away by itself).
    public func onButtonClicked(_ handler: @escaping @MainActor () -> Void) {
        connect("button-clicked", thunk: SignalThunks.plain, handler: handler)
    }

    /// The toast went away: timed out, closed, pressed, or replaced by a newer one.
    public func onDismissed(_ handler: @escaping @MainActor () -> Void) {
        connect("dismissed", thunk: SignalThunks.plain, handler: handler)
    }

    public func dismiss() { adw_toast_dismiss(cast()) }

    /// Presses the button as a user would.
    public func clickButton() { emit("button-clicked") }
}

/// AdwToastOverlay: shows toasts over its child, one at a time, without moving the layout.
@MainActor
public final class ToastOverlay: Widget {
    /// `closeButtonName`: what a screen reader calls the toast's close button.
    public func add(_ toast: Toast, closeButtonName: String) {
        g_object_ref(toast.gobject)  // adw_toast_overlay_add_toast takes ownership of one reference
        adw_toast_overlay_add_toast(cast(), toast.cast())
        nameToastButtons(closeButtonName: closeButtonName)
    }

    /// Names the buttons of the toasts shown (again after a toast's button changed).
    public func nameToastButtons(closeButtonName: String) {
        // A high-priority toast's widget exists as soon as it is added: the overlay's child of
        // the private type AdwToastWidget (the content is another child).
        let toastType = g_type_from_name("AdwToastWidget")
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if toastType != 0, isA(current, toastType) { nameButtons(in: current, closeButtonName: closeButtonName) }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Under GTK 4.8 libadwaita 1.2's toast buttons are badly named on the accessibility bus: its
    /// button as "Undo Undo" (its label child and its label both counted), its close button by
    /// its icon's class ("GtkImage"). Each gets one name.
    private func nameButtons(in parent: UnsafeMutablePointer<GtkWidget>, closeButtonName: String) {
        var child = gtk_widget_get_first_child(parent)
        while let current = child {
            if isA(current, gtk_button_get_type()) {
                let text = gtk_button_get_label(
                    UnsafeMutableRawPointer(current).assumingMemoryBound(to: GtkButton.self)
                ).map { String(cString: $0) }
                gtk_accessible_reset_relation(OpaquePointer(current), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
                Widget(retaining: current).setAccessibleLabel(
                    text.map { $0.replacingOccurrences(of: "_", with: "") } ?? closeButtonName)
            }
            nameButtons(in: current, closeButtonName: closeButtonName)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    private func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type)
            != 0
    }
}
