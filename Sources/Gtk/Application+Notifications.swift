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

    /// Starts following which notification server is there and what it reads (see
    /// `NotificationServers`), so that the first notification already knows; call at startup.
    public func watchNotificationServers() {
        if let connection = dbusConnection { _ = NotificationServers.watching(connection) }
    }

    /// Whether a body sent now goes to a freedesktop server as markup: known from the bus's
    /// announcements, never asked while sending (the main thread does not wait on the bus).
    var notificationBodyIsMarkup: Bool {
        guard let connection = dbusConnection else { return false }
        return NotificationServers.watching(connection).bodyIsMarkup
    }
}
