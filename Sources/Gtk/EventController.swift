import CGtk

/// Key, focus and click event controllers. The controller lives as long as the widget it is added to,
/// and so do its handlers (the closure boxes are released when GTK finalizes it).
@MainActor
public final class EventController: Object {
    public required init(retaining pointer: UnsafeMutableRawPointer) { super.init(retaining: pointer) }

    init(keyController: Void) { super.init(taking: UnsafeMutableRawPointer(gtk_event_controller_key_new()!)) }
    init(focusController: Void) { super.init(taking: UnsafeMutableRawPointer(gtk_event_controller_focus_new()!)) }

    /// A click gesture that watches presses in the capture phase, before the children see them,
    /// and never claims them (the children still handle the click).
    init(pressWatcher: Void) {
        super.init(taking: UnsafeMutableRawPointer(gtk_gesture_click_new()!))
        gtk_event_controller_set_propagation_phase(cast(), GTK_PHASE_CAPTURE)
    }

    /// A click gesture for one mouse `button` only (8 is a mouse's Back button, 9 Forward), in the
    /// bubble phase: what the children did not take.
    init(buttonPress button: UInt32) {
        super.init(taking: UnsafeMutableRawPointer(gtk_gesture_click_new()!))
        gtk_gesture_single_set_button(cast(), guint(button))
    }

    /// Vertical scrolls (a mouse wheel, a touchpad), seen in the capture phase, before the
    /// widget and its children.
    init(verticalScrollWatcher: Void) {
        super.init(
            taking: UnsafeMutableRawPointer(gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!))
        gtk_event_controller_set_propagation_phase(cast(), GTK_PHASE_CAPTURE)
    }

    /// A swipe by touch only (a mouse drag is left to the widgets: it selects, drags and drops).
    public init(touchSwipe: Void) {
        super.init(taking: UnsafeMutableRawPointer(gtk_gesture_swipe_new()!))
        gtk_gesture_single_set_touch_only(cast(), 1)
    }

    /// Horizontal scrolls (a touchpad's two-finger swipe, a tilting wheel) that the widget's
    /// children did not take.
    public init(horizontalScrolls: Void) {
        super.init(
            taking: UnsafeMutableRawPointer(gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_HORIZONTAL)!))
    }

    /// GtkGestureSwipe's swipe: the velocity (px/s) when the finger left.
    package func onSwipe(_ handler: @escaping SignalThunks.Swipe) {
        connect("swipe", thunk: SignalThunks.swipe, handler: handler, untilFinalized: true)
    }

    /// A scroll controller's scroll-end: a touchpad's fingers left it.
    package func onScrollEnd(_ handler: @escaping SignalThunks.Plain) {
        connect("scroll-end", thunk: SignalThunks.plain, handler: handler, untilFinalized: true)
    }

    package func onScroll(_ handler: @escaping SignalThunks.Scroll) {
        connect("scroll", thunk: SignalThunks.scroll, handler: handler, untilFinalized: true)
    }

    func onPressed(_ handler: @escaping SignalThunks.Plain) {
        connect("pressed", thunk: SignalThunks.press, handler: handler, untilFinalized: true)
    }

    func onReleased(_ handler: @escaping SignalThunks.Click) {
        connect("released", thunk: SignalThunks.click, handler: handler, untilFinalized: true)
    }

    func onKeyPressed(_ handler: @escaping SignalThunks.Key) {
        // The wrapper is dropped once the controller is handed to its widget: keep the handler.
        connect("key-pressed", thunk: SignalThunks.key, handler: handler, untilFinalized: true)
    }

    func onEnter(_ handler: @escaping SignalThunks.Plain) {
        connect("enter", thunk: SignalThunks.plain, handler: handler, untilFinalized: true)
    }

    func onLeave(_ handler: @escaping SignalThunks.Plain) {
        connect("leave", thunk: SignalThunks.plain, handler: handler, untilFinalized: true)
    }
}
