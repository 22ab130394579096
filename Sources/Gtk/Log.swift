import CGtk

/// GLib logging for failures that are handled but worth a trace (G_MESSAGES_DEBUG shows debug).
public enum Log {
    public static func message(_ domain: String, _ text: String) { shim_log(domain, G_LOG_LEVEL_MESSAGE, text) }
    public static func debug(_ domain: String, _ text: String) { shim_log(domain, G_LOG_LEVEL_DEBUG, text) }
}
