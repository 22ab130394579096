import CGtk

/// GLib's checksums, for content-addressed file names.
public enum Checksum {
    public static func sha256(_ text: String) -> String {
        let digest = g_compute_checksum_for_string(G_CHECKSUM_SHA256, text, -1)!
        defer { g_free(digest) }
        return String(cString: digest)
    }
}
