import CGtk

/// The session bus, for questions to it and calls to other programs that the application's own
/// connection does not make (a command that runs with no `GApplication`, a file manager).
public enum SessionBus {
    /// GLib's shared session connection; nil when there is no session bus.
    private static func connection() -> OpaquePointer? {
        var error: UnsafeMutablePointer<GError>?
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error {
                Log.message("StoreSearch", "No session bus: \(String(cString: error.pointee.message))")
                g_error_free(error)
            }
            return nil
        }
        return connection
    }

    /// Whether a process owns `name` on the session bus (org.freedesktop.DBus.NameHasOwner); nil
    /// when there is no session bus or it did not answer within a second.
    public static func nameHasOwner(_ name: String) -> Bool? {
        guard let connection = connection() else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        var children: [OpaquePointer?] = [g_variant_new_string(name)]
        var error: UnsafeMutablePointer<GError>?
        guard
            let reply = g_dbus_connection_call_sync(
                connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                g_variant_new_tuple(&children, gsize(children.count)), nil, G_DBUS_CALL_FLAGS_NONE, 1000, nil, &error)
        else {
            if let error {
                Log.message("StoreSearch", "NameHasOwner \(name): \(String(cString: error.pointee.message))")
                g_error_free(error)
            }
            return nil
        }
        defer { g_variant_unref(reply) }
        let owned = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(owned) }
        return g_variant_get_boolean(owned) != 0
    }

    /// Calls `method` of another program, which may be started for it (D-Bus activation), and
    /// returns once it answered; throws its error (or that there is no session bus).
    @MainActor
    public static func call(
        _ destination: String, path: String, interface: String, method: String, arguments: [Variant],
        timeoutMilliseconds: Int32 = 10_000
    ) async throws(SessionBusError) {
        guard let connection = connection() else { throw .noSessionBus }
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        var children: [OpaquePointer?] = arguments.map(\.pointer)
        let parameters = g_variant_new_tuple(&children, gsize(children.count))
        let failure: String? = await withCheckedContinuation { continuation in
            let box = HandlerBox<(String?) -> Void>.retained { continuation.resume(returning: $0) }
            g_dbus_connection_call(
                connection, destination, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NONE,
                timeoutMilliseconds, nil,
                { source, result, data in
                    guard let data else { return }
                    // the one answer: the box's retain ends here
                    let resume = Unmanaged<HandlerBox<(String?) -> Void>>.fromOpaque(data).takeRetainedValue().handler
                    var error: UnsafeMutablePointer<GError>?
                    let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
                    if let reply { g_variant_unref(reply) }
                    let message = error.map { String(cString: $0.pointee.message) }
                    if let error { g_error_free(error) }
                    resume(reply == nil ? message ?? "" : nil)
                }, box)
        }
        if let failure { throw .failed(failure) }
    }
}

/// A session bus call that failed.
public enum SessionBusError: Error, Equatable, Sendable {
    case noSessionBus
    /// In GDBus's words.
    case failed(String)

    /// For the log.
    public var message: String {
        switch self {
        case .noSessionBus: "no session bus"
        case .failed(let text): text
        }
    }
}
