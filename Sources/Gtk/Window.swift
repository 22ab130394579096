import CGtk

/// A GtkWindow or GtkApplicationWindow.
@MainActor
open class Window: Widget {
    public var window: UnsafeMutablePointer<GtkWindow> { cast() }
    /// Kept so a transient window never outlives its parent: GTK lets go of the parent only when
    /// the window itself is disposed, which a wrapper holding it can delay past the parent's end.
    private var transientParent: Window?

    /// A plain top-level window (dialogs, secondary windows).
    public convenience init() { self.init(retaining: gtk_window_new()) }

    public init(application: Application) {
        super.init(retaining: gtk_application_window_new(application.application))
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) {
        super.init(retaining: pointer)
    }

    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }

    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(window, gint(width), gint(height))
    }

    public func setChild(_ widget: Widget?) {
        withExtendedLifetime(widget) { gtk_window_set_child(window, widget?.widget) }
    }
    public func setTransient(for parent: Window) {
        gtk_window_set_transient_for(window, parent.window)
        transientParent = parent
    }
    /// True: the window goes when its transient parent is destroyed.
    public var destroysWithParent: Bool {
        get { gtk_window_get_destroy_with_parent(window) != 0 }
        set { gtk_window_set_destroy_with_parent(window, newValue ? 1 : 0) }
    }

    /// True: closing only hides the window, to be shown again (a help window).
    public var hidesOnClose: Bool {
        get { gtk_window_get_hide_on_close(window) != 0 }
        set { gtk_window_set_hide_on_close(window, newValue ? 1 : 0) }
    }

    public func setModal(_ modal: Bool) { gtk_window_set_modal(window, modal ? 1 : 0) }
    public func setApplication(_ application: Application) {
        gtk_window_set_application(window, application.application)
    }

    /// The widget that has keyboard focus (for an entry, its inner text widget).
    public var focusWidget: Widget? { gtk_root_get_focus(OpaquePointer(widget)).map { Widget(retaining: $0) } }

    /// No widget has the focus: keys go to the window itself (its shortcuts and accelerators).
    public func clearFocus() { gtk_root_set_focus(OpaquePointer(widget), nil) }

    public func present() { gtk_window_present(window) }

    /// Presents the window as a response to a user's action at `time` (an X11/Wayland event time,
    /// such as the one GNOME Shell hands a search provider): with it the window manager can
    /// bring the window forward where it would refuse a request without one.
    public func present(time: UInt32) { gtk_window_present_with_time(window, guint32(time)) }

    /// Presents the window for a user's action made outside the app, which brought no activation
    /// token with it (GNOME Shell 43's overview picks and notification clicks): on Wayland, under
    /// mutter, the window announces a launch of its own and presents itself as it, since mutter
    /// moves a window forward only for a token or a launch it knows of; elsewhere, as `present(time:)`.
    public func presentForUserAction(time: UInt32) {
        Self.launchCount += 1
        if let display = gtk_widget_get_display(widget) {
            // FALSE on X11, where the time is enough.
            _ = shim_wayland_announce_launch(
                display, "\(g_get_prgname().map { String(cString: $0) } ?? "app")-\(getpid())-\(Self.launchCount)")
        }
        present(time: time)
    }

    private static var launchCount = 0

    /// Asks the window to close, as the close button does (runs close-request handlers).
    public func close() { gtk_window_close(window) }

    /// Closes without asking: for code that already decided. Open popovers are closed first: one
    /// destroyed open (a drop-down's list) left every later window of the process without
    /// keyboard input (GTK 4.8 on X11).
    public func destroy() {
        popDownPopovers()
        gtk_window_destroy(window)
    }

    /// `handler` returns true to keep the window open.
    public func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
        connect("close-request", thunk: SignalThunks.returning, handler: handler)
    }

    public var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }
    public func maximize() { gtk_window_maximize(window) }

    /// The size the window opens with (or was last given by the user, while it is shown).
    public var defaultSize: (width: Int, height: Int) {
        var width: gint = 0, height: gint = 0
        gtk_window_get_default_size(window, &width, &height)
        return (Int(width), Int(height))
    }

    /// Adds a window action "win.NAME".
    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = Action(name: name, handler: handler)
        g_action_map_add_action(OpaquePointer(widget), OpaquePointer(action.gobject))
    }

    /// Adds a window action "win.NAME" with a boolean state (a toggle button names it); `handler`
    /// gets the new state when the user flips it.
    public func addBoolAction(_ name: String, state: Bool, _ handler: @escaping @MainActor (Bool) -> Void) {
        let action = BoolStateAction(name: name, state: state, handler: handler)
        g_action_map_add_action(OpaquePointer(widget), OpaquePointer(action.gobject))
    }

    /// Sets a boolean action's state without running its handler (it follows the selection).
    public func setActionState(_ name: String, _ state: Bool) {
        guard let action = g_action_map_lookup_action(OpaquePointer(widget), name) else { return }
        g_simple_action_set_state(action, g_variant_new_boolean(state ? 1 : 0))
    }

    /// Enables or disables "win.NAME": every button and menu item that names it follows.
    public func setActionEnabled(_ name: String, _ enabled: Bool) {
        guard let action = g_action_map_lookup_action(OpaquePointer(widget), name) else { return }
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }

    /// Adds a window action "win.NAME" with a string state starting at `state`, for radio menu
    /// items that name it with their value as target; `handler` gets each newly chosen value.
    public func addStringAction(_ name: String, state: String, _ handler: @escaping @MainActor (String) -> Void) {
        let action = StringStateAction(name: name, state: state, handler: handler)
        g_action_map_add_action(OpaquePointer(widget), OpaquePointer(action.gobject))
    }
}
