import CGtk
import Foundation
import Gtk
import XCTest

/// Keys pressed through mutter's RemoteDesktop API (org.gnome.Mutter.RemoteDesktop), as a user's
/// keyboard would press them: what the compositor does with them (its own shortcuts, such as
/// Alt+F8) happens for real. The session lives as long as this connection.
@MainActor
final class CompositorKeyboard {
    /// Linux input key codes (linux/input-event-codes.h).
    static let alt: UInt32 = 56, f8: UInt32 = 66, left: UInt32 = 105, right: UInt32 = 106, enter: UInt32 = 28

    private static let service = "org.gnome.Mutter.RemoteDesktop"
    private let connection: OpaquePointer
    private let session: String

    init() throws {
        let address = g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SESSION, nil, nil)
        defer { g_free(address) }
        let flags = GDBusConnectionFlags(
            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, nil) else {
            throw XCTSkip("no session bus")
        }
        self.connection = connection
        guard
            let reply = Self.call(
                connection, "/org/gnome/Mutter/RemoteDesktop", "org.gnome.Mutter.RemoteDesktop", "CreateSession", [])
        else {
            throw XCTSkip("mutter's RemoteDesktop API did not answer")
        }
        defer { g_variant_unref(reply) }
        let path = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(path) }
        session = String(cString: g_variant_get_string(path, nil))
        XCTAssertNotNil(sessionCall("Start", []).map { g_variant_unref($0) }, "the RemoteDesktop session starts")
    }

    /// Presses `keys` in turn, then lets them go in reverse order (a shortcut), letting the
    /// window answer what the compositor sends between keys.
    func press(_ keys: [UInt32]) {
        for key in keys { send(key, down: true) }
        for key in keys.reversed() { send(key, down: false) }
    }

    func stop() {
        sessionCall("Stop", []).map { g_variant_unref($0) }
        g_dbus_connection_close_sync(connection, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    private func send(_ key: UInt32, down: Bool) {
        let reply = sessionCall(
            "NotifyKeyboardKeycode", [g_variant_new_uint32(key), g_variant_new_boolean(down ? 1 : 0)])
        XCTAssertNotNil(reply, "mutter took key \(key)")
        reply.map { g_variant_unref($0) }
        MainContext.spin(until: { false }, timeout: .milliseconds(20))
    }

    @discardableResult
    private func sessionCall(_ method: String, _ arguments: [OpaquePointer?]) -> OpaquePointer? {
        Self.call(connection, session, "org.gnome.Mutter.RemoteDesktop.Session", method, arguments)
    }

    /// A test's blocking call (mutter answers at once); nil when it failed.
    private static func call(
        _ connection: OpaquePointer, _ path: String, _ interface: String, _ method: String,
        _ arguments: [OpaquePointer?]
    ) -> OpaquePointer? {
        var children = arguments
        let parameters = g_variant_new_tuple(&children, gsize(children.count))
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(
            connection, service, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error)
        if let error {
            XCTFail("\(method): \(String(cString: error.pointee.message))")
            g_error_free(error)
        }
        return reply
    }
}
