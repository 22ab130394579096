import CGtk
import Foundation

/// Desktop notifications through GNotification, which GLib hands to GNOME Shell's
/// org.gtk.Notifications, the portal, or an org.freedesktop.Notifications server (notification-daemon,
/// dunst), and what each makes of them: the Shell shows a body as plain text, while a freedesktop
/// server that declares `body-markup` reads it as markup, so a name with `&` or `<b>` in it would be
/// garbled or styled there.
extension Application {
    /// The name notification servers show for the app (GLib's, for the whole process; otherwise
    /// the program's file name). Set once: GLib warns when it is set again.
    public static func setApplicationName(_ name: String) {
        guard !applicationNameSet else { return }
        applicationNameSet = true
        g_set_application_name(name)
    }
    private static var applicationNameSet = false

    /// Sends a desktop notification; a later one with the same `id` replaces it. `body` is plain
    /// text. `iconName`: a themed icon (an app id names the app's icon). `defaultAction`
    /// ("app.NAME") runs when the user clicks it.
    public func sendNotification(
        id: String, title: String, body: String, iconName: String? = nil, defaultAction: String?
    ) {
        let notification = g_notification_new(title)
        defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
        g_notification_set_body(notification, notificationBodyIsMarkup ? Self.escapingMarkup(body) : body)
        if let iconName, let icon = g_themed_icon_new(iconName) {
            g_notification_set_icon(notification, icon)
            g_object_unref(UnsafeMutableRawPointer(icon))
        }
        if let defaultAction { g_notification_set_default_action(notification, defaultAction) }
        g_application_send_notification(cast(GApplication.self), id, notification)
    }

    /// `text` with `&`, `<` and `>` as the entities every markup-reading server knows.
    public nonisolated static func escapingMarkup(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Whether a body sent now goes to a freedesktop server as markup; the server is asked once
    /// it answers (most read markup, so it is assumed until then).
    private var notificationBodyIsMarkup: Bool {
        guard let connection = dbusConnection, Self.goesToFreedesktopServer(connection) else { return false }
        if let known = Self.serverReadsMarkup { return known }
        guard
            let answer = Self.call(
                connection, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                "org.freedesktop.Notifications", "GetCapabilities")
        else { return true }
        defer { g_variant_unref(answer) }
        var count: gsize = 0
        let array = g_variant_get_strv(answer, &count)
        defer { g_free(UnsafeMutableRawPointer(mutating: array)) }
        let readsMarkup = (0..<Int(count)).contains { index in
            array?[index].map { String(cString: $0) } == "body-markup"
        }
        Self.serverReadsMarkup = readsMarkup
        return readsMarkup
    }
    private static var serverReadsMarkup: Bool?

    /// Whether GLib hands notifications to org.freedesktop.Notifications, as it picks its backend:
    /// `GNOTIFICATION_BACKEND` if set, else the portal in a sandbox, else org.gtk.Notifications
    /// when a process owns that name (GNOME Shell), else the freedesktop server.
    private static func goesToFreedesktopServer(_ connection: OpaquePointer) -> Bool {
        if let forced = getenv("GNOTIFICATION_BACKEND") { return String(cString: forced) == "freedesktop" }
        if access("/.flatpak-info", F_OK) == 0 || getenv("GTK_USE_PORTAL").map({ String(cString: $0) }) == "1" {
            return false
        }
        guard
            let owned = call(
                connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                argument: "org.gtk.Notifications")
        else { return true }
        defer { g_variant_unref(owned) }
        return g_variant_get_boolean(owned) == 0
    }

    /// The first value of a method's answer (nil when the call failed within a second).
    private static func call(
        _ connection: OpaquePointer, _ name: String, _ path: String, _ interface: String, _ method: String,
        argument: String? = nil
    ) -> OpaquePointer? {
        var children: [OpaquePointer?] = argument.map { [g_variant_new_string($0)] } ?? []
        let parameters = g_variant_new_tuple(&children, gsize(children.count))
        guard
            let reply = g_dbus_connection_call_sync(
                connection, name, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NONE, 1000, nil, nil)
        else { return nil }
        defer { g_variant_unref(reply) }
        return g_variant_get_child_value(reply, 0)
    }
}
