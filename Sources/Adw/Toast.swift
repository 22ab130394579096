import CAdw
import Gtk

/// AdwToast: a short notice over the content, optionally with one button.
@MainActor
public final class Toast: Object {
    /// The text shown, as given (libadwaita 1.2 reads a toast's title as Pango markup, so it is
    /// escaped on the way in: a name such as "Salt & Pepper" shows as written).
    public let title: String

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
    public func add(_ toast: Toast) {
        g_object_ref(toast.gobject)  // adw_toast_overlay_add_toast takes ownership of one reference
        adw_toast_overlay_add_toast(cast(), toast.cast())
    }
}
