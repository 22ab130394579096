import CGtk

/// GLib's structured log, for failures the app handles but a developer may want to see
/// (`G_MESSAGES_DEBUG=all` shows the debug ones).
public enum Log {
    public static func warning(_ domain: String, _ message: String) {
        shim_log(domain, G_LOG_LEVEL_WARNING, message)
    }

    public static func message(_ domain: String, _ message: String) {
        shim_log(domain, G_LOG_LEVEL_MESSAGE, message)
    }

    public static func debug(_ domain: String, _ message: String) {
        shim_log(domain, G_LOG_LEVEL_DEBUG, message)
    }
}
