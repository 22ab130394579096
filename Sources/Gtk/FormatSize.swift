import CGtk

/// A byte count as GNOME shows sizes ("12.3 MB"), through GLib's g_format_size.
public func formatSize(_ bytes: Int64) -> String {
    guard let text = g_format_size(guint64(max(0, bytes))) else { return "\(bytes)" }
    defer { g_free(text) }
    return String(cString: text)
}
