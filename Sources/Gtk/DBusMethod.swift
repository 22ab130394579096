import CGtk

/// Calls a method of another program on the session bus, with the reply's values read back.
@MainActor
public enum DBusMethod {
    /// A call's reply: its values by position.
    @MainActor
    public final class Reply {
        private let tuple: OpaquePointer

        init(taking tuple: OpaquePointer) { self.tuple = tuple }
        isolated deinit { g_variant_unref(tuple) }

        private func child(_ index: Int) -> OpaquePointer? {
            guard index < Int(g_variant_n_children(tuple)) else { return nil }
            return g_variant_get_child_value(tuple, gsize(index))
        }

        /// Value `index` as a string or object path (`s`, `o`); "" when it is not one.
        public func string(_ index: Int) -> String {
            guard let child = child(index) else { return "" }
            defer { g_variant_unref(child) }
            guard
                g_variant_classify(child) == G_VARIANT_CLASS_STRING
                    || g_variant_classify(child) == G_VARIANT_CLASS_OBJECT_PATH
            else { return "" }
            return String(cString: g_variant_get_string(child, nil))
        }

        /// Value `index` as a string array (`as`).
        public func strings(_ index: Int) -> [String] {
            guard let child = child(index), g_variant_classify(child) == G_VARIANT_CLASS_ARRAY else { return [] }
            defer { g_variant_unref(child) }
            return (0..<Int(g_variant_n_children(child))).compactMap { position in
                guard let item = g_variant_get_child_value(child, gsize(position)) else { return nil }
                defer { g_variant_unref(item) }
                return g_variant_classify(item) == G_VARIANT_CLASS_STRING
                    ? String(cString: g_variant_get_string(item, nil)) : nil
            }
        }

        /// Value `index` as a boolean (`b`); false when it is not one.
        public func bool(_ index: Int) -> Bool {
            guard let child = child(index) else { return false }
            defer { g_variant_unref(child) }
            return g_variant_classify(child) == G_VARIANT_CLASS_BOOLEAN && g_variant_get_boolean(child) != 0
        }

        /// Value `index` as a 32-bit integer (`i`); nil when it is not one.
        public func int32(_ index: Int) -> Int32? {
            guard let child = child(index) else { return nil }
            defer { g_variant_unref(child) }
            return g_variant_classify(child) == G_VARIANT_CLASS_INT32 ? Int32(g_variant_get_int32(child)) : nil
        }
    }

    /// GDBus gave neither a reply nor an error (a developer's message: it is only logged).
    private nonisolated static let noReply = "no reply"

    private typealias Answered = @MainActor (Result<Reply, DBusMethodError>) -> Void

    /// Calls `method` on the session bus (`connection`) without waiting; `answered` gets the reply.
    public static func call(
        connection: OpaquePointer, destination: String, path: String, interface: String, method: String,
        arguments: [Variant], timeoutMilliseconds: Int32 = 25_000,
        answered: @escaping @MainActor (Result<Reply, DBusMethodError>) -> Void
    ) {
        var children: [OpaquePointer?] = arguments.map(\.pointer)
        let box = HandlerBox<Answered>.retained(answered)
        g_dbus_connection_call(
            connection, destination, path, interface, method, g_variant_new_tuple(&children, gsize(children.count)),
            nil, G_DBUS_CALL_FLAGS_NONE, timeoutMilliseconds, nil,
            { source, result, data in
                let answered = Unmanaged<HandlerBox<Answered>>.fromOpaque(data!).takeRetainedValue().handler
                var error: UnsafeMutablePointer<GError>?
                let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
                let outcome = Self.outcome(reply, error)
                MainActor.assumeIsolated { answered(outcome()) }
            }, box)
    }

    /// Calls `method` on the user's session bus and waits for the reply (a command-line tool with
    /// no main loop of its own); fails when there is no session bus or nobody answers in time.
    public static func callWaiting(
        destination: String, path: String, interface: String, method: String, arguments: [Variant] = [],
        timeoutMilliseconds: Int32 = 25_000
    ) -> Result<Reply, DBusMethodError> {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { return outcome(nil, error)() }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        var children: [OpaquePointer?] = arguments.map(\.pointer)
        let reply = g_dbus_connection_call_sync(
            bus, destination, path, interface, method, g_variant_new_tuple(&children, gsize(children.count)), nil,
            G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMilliseconds, nil, &error)
        return outcome(reply, error)()
    }

    /// Whether `name` has an owner on the user's session bus now (false without a session bus).
    public static func hasOwner(_ name: String) -> Bool {
        guard
            case .success(let reply) = callWaiting(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                method: "NameHasOwner", arguments: [.string(name)], timeoutMilliseconds: 5000)
        else { return false }
        return reply.bool(0)
    }

    /// The reply or the error, taken over (both are transfer full), as a closure made off the main actor.
    private nonisolated static func outcome(
        _ reply: OpaquePointer?, _ error: UnsafeMutablePointer<GError>?
    ) -> @MainActor () -> Result<Reply, DBusMethodError> {
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            if let reply { g_variant_unref(reply) }
            return { .failure(DBusMethodError(message: message)) }
        }
        nonisolated(unsafe) let reply = reply
        return { reply.map { .success(Reply(taking: $0)) } ?? .failure(DBusMethodError(message: noReply)) }
    }
}

/// Why a D-Bus call failed (GLib's message).
public struct DBusMethodError: Error, Sendable {
    public let message: String
}
