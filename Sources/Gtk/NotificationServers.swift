import CGtk
import Foundation

/// Which server GLib's notifications go to and whether it reads a body as markup, known without
/// ever waiting on the bus: the names org.gtk.Notifications (GNOME Shell) and
/// org.freedesktop.Notifications are watched, and a freedesktop server is asked for its
/// capabilities, asynchronously, each time the name gets a new owner. An answer that comes later
/// applies to the next notification; until then a freedesktop server is taken to read markup, as
/// most do.
@MainActor
final class NotificationServers {
    private static var servers: [OpaquePointer: NotificationServers] = [:]

    /// The watch for `connection`, started on first use and kept for the process.
    static func watching(_ connection: OpaquePointer) -> NotificationServers {
        if let servers = servers[connection] { return servers }
        let servers = NotificationServers(connection: connection)
        Self.servers[connection] = servers
        return servers
    }

    private let connection: OpaquePointer
    /// GLib's choice made from the environment: nil when it picks by the bus.
    private let forcedFreedesktop: Bool?
    private var shellOwner: String?
    private var freedesktopOwner: String?
    /// `body-markup` in the capabilities of `freedesktopOwner`; nil until it answered.
    private var readsMarkup: Bool?

    private init(connection: OpaquePointer) {
        self.connection = connection
        forcedFreedesktop = Self.backendFromEnvironment()
        guard forcedFreedesktop == nil else { return }
        watch("org.gtk.Notifications") { servers, owner in servers.shellOwner = owner }
        watch("org.freedesktop.Notifications") { servers, owner in
            servers.freedesktopOwner = owner
            servers.readsMarkup = nil
            if let owner { servers.askCapabilities(of: owner) }
        }
    }

    /// Whether a body sent now reaches a freedesktop server as markup.
    var bodyIsMarkup: Bool {
        if let forcedFreedesktop, !forcedFreedesktop { return false }
        if forcedFreedesktop == nil, shellOwner != nil { return false }
        return readsMarkup ?? true
    }

    /// As GLib picks its backend: `GNOTIFICATION_BACKEND` if set, else the portal in a sandbox
    /// (neither reads markup); nil when the bus decides (org.gtk.Notifications owned or not).
    private static func backendFromEnvironment() -> Bool? {
        if let forced = getenv("GNOTIFICATION_BACKEND") { return String(cString: forced) == "freedesktop" }
        if access("/.flatpak-info", F_OK) == 0 || getenv("GTK_USE_PORTAL").map({ String(cString: $0) }) == "1" {
            return false
        }
        return nil
    }

    private typealias OwnerChanged = @MainActor (NotificationServers, String?) -> Void

    /// Calls `changed` with the name's owner (nil: none) now and whenever it changes, never
    /// starting a service for it.
    private func watch(_ name: String, _ changed: @escaping OwnerChanged) {
        let box = HandlerBox<(NotificationServers, OwnerChanged)>.retained((self, changed))
        _ = g_bus_watch_name_on_connection(  // kept for the process
            connection, name, G_BUS_NAME_WATCHER_FLAGS_NONE,
            { _, _, owner, data in
                let (servers, changed) = HandlerBox<(NotificationServers, OwnerChanged)>.from(data)
                let owner = owner.map { String(cString: $0) }
                MainActor.assumeIsolated { changed(servers, owner) }
            },
            { _, _, data in
                let (servers, changed) = HandlerBox<(NotificationServers, OwnerChanged)>.from(data)
                MainActor.assumeIsolated { changed(servers, nil) }
            }, box, releaseRetained)
    }

    private typealias Answered = @MainActor (OpaquePointer?) -> Void

    /// GetCapabilities, asked of the server that owns the name now; its answer counts only while
    /// that server still owns it.
    private func askCapabilities(of owner: String) {
        let box = HandlerBox<Answered>.retained { [weak self] reply in
            guard let self, self.freedesktopOwner == owner else { return }
            guard let reply else { return }  // no answer: markup is still assumed
            self.readsMarkup = Self.strings(in: reply).contains("body-markup")
        }
        g_dbus_connection_call(
            connection, owner, "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "GetCapabilities",
            nil, nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, 5000, nil,
            { source, result, data in
                let answered = Unmanaged<HandlerBox<Answered>>.fromOpaque(data!).takeRetainedValue().handler
                var error: UnsafeMutablePointer<GError>?
                let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
                if let error {
                    Log.message(
                        "Gtk",
                        "A notification server did not tell its capabilities: \(String(cString: error.pointee.message))"
                    )
                    g_error_free(error)
                }
                MainActor.assumeIsolated { answered(reply) }
                if let reply { g_variant_unref(reply) }
            }, box)
    }

    /// The first value of `reply`, a string array (`(as)`).
    private static func strings(in reply: OpaquePointer) -> [String] {
        guard let array = g_variant_get_child_value(reply, 0) else { return [] }
        defer { g_variant_unref(array) }
        var count: gsize = 0
        guard let strings = g_variant_get_strv(array, &count) else { return [] }
        defer { g_free(UnsafeMutableRawPointer(mutating: strings)) }
        return (0..<Int(count)).compactMap { strings[$0].map { String(cString: $0) } }
    }
}
