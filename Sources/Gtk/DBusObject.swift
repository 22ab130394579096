import CGtk

/// An object exported on a D-Bus connection (the application's own), whose method calls reach a
/// Swift handler on the main thread. The handler answers through the `DBusCall` at once or later
/// (an asynchronous answer keeps the call alive until then).
@MainActor
public final class DBusObject {
    public typealias Handler = @MainActor (DBusCall) -> Void
    /// A property's value by name; nil for one the object does not have.
    public typealias Property = @MainActor (String) -> Variant?
    private typealias Handlers = (call: Handler, property: Property)

    private var registration: guint = 0
    private let connection: OpaquePointer
    private let path: String

    /// Exports interface `interface` of `introspectionXML` at `path`; nil when GDBus refuses it
    /// (bad XML, or the path is taken).
    public init?(
        connection: OpaquePointer, path: String, introspectionXML: String, interface: String,
        handler: @escaping Handler,
        property: @escaping Property = { _ in nil }
    ) {
        self.connection = connection
        self.path = path
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(introspectionXML, &error) else {
            Log.warning(
                "StoreSearch",
                "D-Bus interface \(interface): \(error.map { String(cString: $0.pointee.message) } ?? "bad XML")")
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_dbus_node_info_unref(node) }
        guard let info = g_dbus_node_info_lookup_interface(node, interface) else { return nil }
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = { _, _, _, _, method, parameters, invocation, data in
            guard let method, let invocation, let data else { return }
            let handlers = HandlerBox<Handlers>.from(data)
            let call = DBusCall(method: String(cString: method), parameters: parameters, invocation: invocation)
            MainActor.assumeIsolated { handlers.call(call) }
        }
        vtable.get_property = { _, _, _, _, name, error, data in
            guard let name, let data else { return nil }
            let handlers = HandlerBox<Handlers>.from(data)
            let property = String(cString: name)
            let address = MainActor.assumeIsolated {
                handlers.property(property).map { UInt(bitPattern: Int(bitPattern: $0.pointer)) }
            }
            // GDBus aborts the process when a property answer is neither a value nor an error.
            guard let value = address.flatMap({ OpaquePointer(bitPattern: $0) }) else {
                g_set_error_literal(
                    error, g_dbus_error_quark(), gint(G_DBUS_ERROR_UNKNOWN_PROPERTY.rawValue), "No property \(property)"
                )
                return nil
            }
            return value
        }
        registration = g_dbus_connection_register_object(
            connection, path, info, &vtable, HandlerBox<Handlers>.retained((handler, property)),
            releaseRetained, &error)
        if registration == 0 {
            Log.warning(
                "StoreSearch",
                "Could not export \(path): \(error.map { String(cString: $0.pointee.message) } ?? "unknown error")")
            if let error { g_error_free(error) }
            return nil
        }
    }

    /// Tells listeners these properties of `interface` changed (org.freedesktop.DBus.Properties).
    public func emitPropertiesChanged(interface: String, _ changed: [(String, Variant)]) {
        var children: [OpaquePointer?] = [
            Variant.string(interface).pointer, Variant.dictionary(changed).pointer, Variant.strings([]).pointer,
        ]
        g_dbus_connection_emit_signal(
            connection, nil, path, "org.freedesktop.DBus.Properties", "PropertiesChanged",
            g_variant_new_tuple(&children, gsize(children.count)), nil)
    }

    public func unregister() {
        if registration != 0 { g_dbus_connection_unregister_object(connection, registration) }
        registration = 0
    }

    // An object dropped without unregister() (its window destroyed while a preview was loaded)
    // must not stay exported: the path could not be exported again, and calls reached nothing.
    isolated deinit { unregister() }
}

/// One method call: its arguments, and its one answer.
@MainActor
public final class DBusCall {
    public let method: String
    private let parameters: OpaquePointer?
    private var invocation: OpaquePointer?

    init(method: String, parameters: OpaquePointer?, invocation: OpaquePointer) {
        self.method = method
        self.parameters = parameters.map { g_variant_ref($0) }
        self.invocation = invocation
    }

    isolated deinit {
        if let parameters { g_variant_unref(parameters) }
    }

    /// Argument `index` as a string array (`as`).
    public func strings(_ index: Int) -> [String] {
        guard let parameters, let child = g_variant_get_child_value(parameters, gsize(index)) else { return [] }
        defer { g_variant_unref(child) }
        var count: gsize = 0
        guard let array = g_variant_get_strv(child, &count) else { return [] }
        defer { g_free(UnsafeMutableRawPointer(mutating: array)) }
        return (0..<Int(count)).compactMap { array[$0].map { String(cString: $0) } }
    }

    /// Argument `index` as a string (`s`).
    public func string(_ index: Int) -> String {
        guard let parameters, let child = g_variant_get_child_value(parameters, gsize(index)) else { return "" }
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }

    /// Argument `index` as a 64-bit integer (`x`).
    public func int64(_ index: Int) -> Int64 {
        guard let parameters, let child = g_variant_get_child_value(parameters, gsize(index)) else { return 0 }
        defer { g_variant_unref(child) }
        return Int64(g_variant_get_int64(child))
    }

    /// Argument `index` as an unsigned 32-bit integer (`u`).
    public func uint32(_ index: Int) -> UInt32 {
        guard let parameters, let child = g_variant_get_child_value(parameters, gsize(index)) else { return 0 }
        defer { g_variant_unref(child) }
        return UInt32(g_variant_get_uint32(child))
    }

    /// Answers with `values` as the reply's tuple (nil: no values).
    /// True once the call has been answered (a second answer is not sent).
    public var isAnswered: Bool { invocation == nil }

    public func reply(_ values: [Variant] = []) {
        guard let invocation else { return }
        self.invocation = nil
        var children: [OpaquePointer?] = values.map(\.pointer)
        g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&children, gsize(children.count)))
    }

    public func fail(_ name: String, _ message: String) {
        guard let invocation else { return }
        self.invocation = nil
        g_dbus_method_invocation_return_dbus_error(invocation, name, message)
    }
}

/// A GVariant being built for a reply (floating until the reply takes it).
public struct Variant {
    let pointer: OpaquePointer

    public static func string(_ text: String) -> Variant { Variant(pointer: g_variant_new_string(text)) }
    public static func objectPath(_ path: String) -> Variant { Variant(pointer: g_variant_new_object_path(path)) }
    public static func int64(_ value: Int64) -> Variant { Variant(pointer: g_variant_new_int64(gint64(value))) }
    public static func uint32(_ value: UInt32) -> Variant { Variant(pointer: g_variant_new_uint32(guint32(value))) }
    public static func double(_ value: Double) -> Variant { Variant(pointer: g_variant_new_double(value)) }
    public static func bool(_ value: Bool) -> Variant { Variant(pointer: g_variant_new_boolean(value ? 1 : 0)) }

    public static func strings(_ texts: [String]) -> Variant {
        withCStrings(texts) { Variant(pointer: g_variant_new_strv($0, gssize(texts.count))) }
    }

    /// An `a{sv}` dictionary.
    public static func dictionary(_ entries: [(String, Variant)]) -> Variant {
        let type = g_variant_type_new("a{sv}")
        defer { g_variant_type_free(type) }
        let builder = g_variant_builder_new(type)!
        defer { g_variant_builder_unref(builder) }
        for (key, value) in entries {
            g_variant_builder_add_value(
                builder, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value.pointer)))
        }
        return Variant(pointer: g_variant_builder_end(builder))
    }

    /// An array of values of type `elementType` ("a{sv}" for dictionaries).
    public static func array(_ values: [Variant], of elementType: String) -> Variant {
        let type = g_variant_type_new(elementType)
        defer { g_variant_type_free(type) }
        var children: [OpaquePointer?] = values.map(\.pointer)
        return Variant(pointer: g_variant_new_array(type, &children, gsize(children.count)))
    }

    /// A serialized GIcon: a file (shown as is) or, without one, a themed icon name.
    public static func icon(file path: String?, themedName: String) -> Variant {
        let icon: OpaquePointer?
        if let path {
            let file = g_file_new_for_path(path)
            icon = g_file_icon_new(file)
            g_object_unref(UnsafeMutableRawPointer(file))
        } else {
            icon = g_themed_icon_new(themedName)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
        return Variant(pointer: g_icon_serialize(icon))
    }
}

/// Owns a well-known name on a connection for as long as it lives (an MPRIS player's name).
@MainActor
public final class BusNameOwner {
    private let id: guint

    public init(connection: OpaquePointer, name: String) {
        id = g_bus_own_name_on_connection(connection, name, G_BUS_NAME_OWNER_FLAGS_NONE, nil, nil, nil, nil)
    }

    isolated deinit { g_bus_unown_name(id) }
}
