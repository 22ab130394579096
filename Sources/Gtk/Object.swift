import CGtk

/// An owned reference to a GObject. The wrapper holds one reference for its lifetime and
/// disconnects the signal handlers it connected when it goes away.
@MainActor
open class Object {
    public let gobject: UnsafeMutablePointer<GObject>
    private var handlerIDs: [gulong] = []

    /// Adopts `pointer`: sinks a floating reference or adds a normal one.
    public required init(retaining pointer: UnsafeMutableRawPointer) {
        gobject = pointer.assumingMemoryBound(to: GObject.self)
        g_object_ref_sink(gobject)
    }

    /// Takes over a reference the caller already owns (a transfer-full, non-floating result).
    public init(taking pointer: UnsafeMutableRawPointer) {
        gobject = pointer.assumingMemoryBound(to: GObject.self)
        if g_object_is_floating(gobject) != 0 { g_object_ref_sink(gobject) }
    }

    isolated deinit {
        for id in handlerIDs where g_signal_handler_is_connected(gobject, id) != 0 {
            g_signal_handler_disconnect(gobject, id)
        }
        g_object_unref(gobject)
    }

    /// The instance pointer for GLib types whose struct is private (imported as opaque).
    public func cast() -> OpaquePointer { OpaquePointer(gobject) }

    /// The instance pointer as another GLib type.
    public func cast<T>(_ type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(gobject).assumingMemoryBound(to: T.self)
    }

    /// Connects `handler` to `signal` through `thunk`; the box is released by GLib when the
    /// handler is disconnected or the object is finalized. Handlers are disconnected when this
    /// wrapper goes away, unless `untilFinalized` keeps them for the object's whole life.
    @discardableResult
    package func connect<Handler>(
        _ signal: String, thunk: GCallback, handler: Handler,
        untilFinalized: Bool = false
    ) -> gulong {
        let id = g_signal_connect_data(
            gobject, signal, thunk, HandlerBox.retained(handler),
            { data, _ in releaseRetained(data) }, GConnectFlags(rawValue: 0))
        if !untilFinalized { handlerIDs.append(id) }
        return id
    }

    /// Emits an action signal that takes no arguments ("clicked", "activate"), as a user would.
    package func emit(_ signal: String) { shim_signal_emit(gobject, signal) }

    /// Calls `handler` whenever the property `name` changes.
    public func onNotify(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        connect("notify::\(name)", thunk: SignalThunks.pointer, handler: { (_: gpointer?) in handler() })
    }
}
