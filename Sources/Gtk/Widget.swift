import CGtk

/// A GtkWidget. Subclasses add what their widget type offers.
@MainActor
open class Widget: Object {
    public var widget: UnsafeMutablePointer<GtkWidget> { cast() }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    /// Whether the widget is on screen (its window shown and it and its ancestors visible).
    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }

    /// Whether keys and clicks can reach it: on screen, and sensitive with all its ancestors.
    public var canReceiveInput: Bool { gtk_widget_get_mapped(widget) != 0 && gtk_widget_is_sensitive(widget) != 0 }

    /// Device pixels per logical pixel (2 on a HiDPI screen).
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }

    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    public var opacity: Double {
        get { gtk_widget_get_opacity(widget) }
        set { gtk_widget_set_opacity(widget, newValue) }
    }

    public var expandsHorizontally: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
    }

    public func centerVertically() { gtk_widget_set_valign(widget, GTK_ALIGN_CENTER) }

    /// Where the widget sits in space larger than it needs.
    public enum Alignment {
        case fill, start, end, center
        var gtk: GtkAlign {
            switch self {
            case .fill: GTK_ALIGN_FILL
            case .start: GTK_ALIGN_START
            case .end: GTK_ALIGN_END
            case .center: GTK_ALIGN_CENTER
            }
        }
    }

    public func align(horizontally horizontal: Alignment, vertically vertical: Alignment) {
        gtk_widget_set_halign(widget, horizontal.gtk)
        gtk_widget_set_valign(widget, vertical.gtk)
    }

    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    private typealias TooltipText = @MainActor () -> String?
    private static var tooltipTextKey: GQuark { g_quark_from_string("swift-gtk-tooltip-text") }

    /// Shows `text()` as its tooltip, read only when GTK shows it: for widgets in list rows,
    /// which set it up once and change the text as they are bound again. Setting `tooltip` makes
    /// GTK ask the X server where the pointer is (a round trip each time), which for the 200 rows
    /// a list binds at once held up everything else for ~0.6 s.
    public func showTooltip(_ text: @escaping @MainActor () -> String?) {
        let isConnected = g_object_get_qdata(gobject, Self.tooltipTextKey) != nil
        g_object_set_qdata_full(gobject, Self.tooltipTextKey, HandlerBox<TooltipText>.retained(text), releaseRetained)
        guard !isConnected else { return }
        gtk_widget_set_has_tooltip(widget, 1)
        connect(
            "query-tooltip", thunk: SignalThunks.queryTooltip,
            handler: { (pointer: UnsafeMutableRawPointer, tooltip: OpaquePointer) -> Bool in
                guard let text = Widget.tooltipText(of: pointer) else { return false }
                gtk_tooltip_set_text(tooltip, text)
                return true
            } as SignalThunks.Tooltip, untilFinalized: true)
    }

    package static func tooltipText(of pointer: UnsafeMutableRawPointer) -> String? {
        g_object_get_qdata(pointer.assumingMemoryBound(to: GObject.self), tooltipTextKey).flatMap {
            HandlerBox<TooltipText>.from($0)()
        }
    }

    /// The widget this one is inside, if any.
    public var parent: Widget? { gtk_widget_get_parent(widget).map { Widget(retaining: $0) } }

    public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }

    /// Whether keyboard focus is on this widget or inside it.
    public var containsFocus: Bool {
        guard let root = gtk_widget_get_root(widget),
            let focus = gtk_root_get_focus(root)
        else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }

    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

    /// Moves focus into this widget as Tab would (gtk_widget_child_focus): from outside, to its
    /// first focusable widget (backwards, its last); from inside, to the next. False when none.
    @discardableResult
    public func childFocus(backwards: Bool = false) -> Bool {
        gtk_widget_child_focus(widget, backwards ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD) != 0
    }

    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
    public func setCSSClass(_ name: String, _ on: Bool) {
        if on { addCSSClass(name) } else { removeCSSClass(name) }
    }

    /// The name screen readers announce.
    public func setAccessibleLabel(_ label: String) {
        shim_accessible_set_label(OpaquePointer(widget), label)
    }

    /// Names this widget `label` alone, in place of the widgets that named and described it (an
    /// AdwActionRow is named by its title label and described by its subtitle label, and GTK 4.8
    /// reads a label and those relations together, so the title would be heard twice).
    public func replaceAccessibleName(with label: String) {
        gtk_accessible_reset_relation(OpaquePointer(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        gtk_accessible_reset_relation(OpaquePointer(widget), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY)
        setAccessibleLabel(label)
    }

    public func setAccessibleDescription(_ text: String) {
        shim_accessible_set_description(OpaquePointer(widget), text)
    }

    public func addController(_ controller: EventController) {
        gtk_widget_add_controller(widget, controller.cast())
        g_object_ref(controller.gobject)  // the widget takes ownership of one reference
    }

    /// Runs `handler` for key presses that reach this widget; return true to stop the event.
    public func onKeyPressed(_ handler: @escaping @MainActor (_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool) {
        let controller = EventController(keyController: ())
        controller.onKeyPressed(handler)
        addController(controller)
    }

    /// Calls `handler` once per frame while the widget is mapped, until it returns false.
    public func onEachFrame(_ handler: @escaping @MainActor () -> Bool) {
        let box = HandlerBox<() -> Bool>.retained({ MainActor.assumeIsolated { handler() } })
        gtk_widget_add_tick_callback(
            widget,
            { _, _, data in
                HandlerBox<() -> Bool>.from(data)() ? 1 : 0
            }, box, releaseRetained)
    }

    /// Runs `handler` when a pointer button is pressed over this widget, before its children
    /// handle the press.
    public func onPointerPress(_ handler: @escaping @MainActor () -> Void) {
        let controller = EventController(pressWatcher: ())
        controller.onPressed(handler)
        addController(controller)
    }

    /// Runs `handler` with where a plain click (the primary button, neither Shift nor Ctrl held)
    /// on this widget ended, in its coordinates: at the release, before its children see it.
    /// They still handle the click (a list's row selects itself on the release).
    public func onPlainClick(_ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) {
        let controller = EventController(pressWatcher: ())
        controller.onReleased { presses, x, y, modifiers in
            let extending = GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue
            guard presses == 1, modifiers.rawValue & extending == 0 else { return }
            handler(x, y)
        }
        addController(controller)
    }

    /// The innermost widget at (`x`, `y`) in this widget's coordinates that takes input (this
    /// widget itself, or nil outside it).
    public func widget(at x: Double, _ y: Double) -> Widget? {
        gtk_widget_pick(widget, x, y, GTK_PICK_DEFAULT).map { Widget(retaining: $0) }
    }

    /// Whether this widget is `ancestor` or inside it.
    public func isInside(_ ancestor: Widget) -> Bool {
        widget == ancestor.widget || gtk_widget_is_ancestor(widget, ancestor.widget) != 0
    }

    /// Runs `handler` when the mouse button numbered `button` is pressed over this widget (8: a
    /// mouse's Back button), unless a child took the press.
    public func onMouseButtonPress(_ button: UInt32, _ handler: @escaping @MainActor () -> Void) {
        let controller = EventController(buttonPress: button)
        controller.onPressed(handler)
        addController(controller)
    }

    /// Runs `handler` when keyboard focus enters this widget or anything inside it, from outside.
    public func onFocusEnter(_ handler: @escaping @MainActor () -> Void) {
        let controller = EventController(focusController: ())
        controller.onEnter(handler)
        addController(controller)
    }

    /// Runs `handler` when keyboard focus leaves this widget and everything inside it.
    public func onFocusLeave(_ handler: @escaping @MainActor () -> Void) {
        let controller = EventController(focusController: ())
        controller.onLeave(handler)
        addController(controller)
    }

    /// Whether the widget lays out right to left (Arabic, Hebrew…).
    public var isRightToLeft: Bool { gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL }

    /// Sizes: -1 leaves a dimension natural.
    public func setSizeRequest(width: Int, height: Int) {
        gtk_widget_set_size_request(widget, gint(width), gint(height))
    }

    /// The width GTK last gave the widget (zero before its first layout).
    public var allocatedWidth: Int { Int(gtk_widget_get_width(widget)) }
    public var allocatedHeight: Int { Int(gtk_widget_get_height(widget)) }

    /// Runs `handler` for key presses before the focused widget inside this one sees them
    /// (capture phase); return true to stop the event.
    public func onKeyPressedBeforeChildren(
        _ handler: @escaping @MainActor (_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool
    ) {
        let controller = EventController(keyController: ())
        gtk_event_controller_set_propagation_phase(controller.cast(), GTK_PHASE_CAPTURE)
        controller.onKeyPressed(handler)
        addController(controller)
    }

    /// Adds a keyboard shortcut scoped to this widget (and what is inside it) that runs `handler`,
    /// such as "Escape" or "<Alt>Left"; `handler` returns false to let the key go on.
    public func addShortcut(_ trigger: String, _ handler: @escaping @MainActor () -> Bool) {
        let box = HandlerBox<() -> Bool>.retained({ MainActor.assumeIsolated { handler() } })
        let action = gtk_callback_action_new(
            { _, _, data in
                HandlerBox<() -> Bool>.from(data)() ? 1 : 0
            }, box, releaseRetained)
        let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), action)
        let controller = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(controller, shortcut)  // takes the shortcut
        gtk_widget_add_controller(widget, controller)  // takes the controller
    }

    /// Activates an action such as "win.hidden-items" as if a menu item did.
    @discardableResult
    public func activateAction(_ name: String) -> Bool {
        gtk_widget_activate_action_variant(widget, name, nil) != 0
    }

    /// Activates the action `name` with a string parameter, as a radio menu item with that
    /// target does.
    @discardableResult
    public func activateAction(_ name: String, string: String) -> Bool {
        gtk_widget_activate_action_variant(widget, name, g_variant_new_string(string)) != 0
    }
}
