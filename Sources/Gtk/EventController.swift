import CGtk

/// Key and focus event controllers. The controller lives as long as the widget it is added to,
/// and so do its handlers (the closure boxes are released when GTK finalizes it).
@MainActor
public final class EventController: Object {
    public required init(retaining pointer: UnsafeMutableRawPointer) { super.init(retaining: pointer) }

    init(keyController: Void) { super.init(taking: UnsafeMutableRawPointer(gtk_event_controller_key_new()!)) }
    init(focusController: Void) { super.init(taking: UnsafeMutableRawPointer(gtk_event_controller_focus_new()!)) }

    func onKeyPressed(_ handler: @escaping SignalThunks.Key) {
        // The wrapper is dropped once the controller is handed to its widget: keep the handler.
        connect("key-pressed", thunk: SignalThunks.key, handler: handler, untilFinalized: true)
    }

    func onLeave(_ handler: @escaping SignalThunks.Plain) {
        connect("leave", thunk: SignalThunks.plain, handler: handler, untilFinalized: true)
    }
}
