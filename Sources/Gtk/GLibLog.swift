import CGtk

/// Messages for the GLib log (the journal, or stderr when run from a terminal).
public enum GLibLog {
    public static func warning(domain: String, _ message: String) { shim_log_warning(domain, message) }
}
