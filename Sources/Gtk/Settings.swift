import CGtk
import Foundation

/// GSettings for one schema. The schema is looked up in compiled-schema folders given by the
/// caller (the app's own install or build tree) before the system's, so a copy installed under
/// any prefix finds its schema without `GSETTINGS_SCHEMA_DIR`.
@MainActor
public final class Settings: Object {
    /// nil when no folder and not the system holds `schemaID` (the caller then keeps values in memory).
    /// `keyFile` stores the values in that file instead of the user's dconf database (tests).
    public static func open(schemaID: String, directories: [URL], keyFile: URL? = nil) -> Settings? {
        let defaultSource = g_settings_schema_source_get_default()
        var schema: OpaquePointer?
        for directory in directories where schema == nil {
            var error: UnsafeMutablePointer<GError>?
            guard let source = g_settings_schema_source_new_from_directory(directory.path, defaultSource, 0, &error) else {
                g_error_free(error)  // no compiled schemas there: try the next place
                continue
            }
            schema = g_settings_schema_source_lookup(source, schemaID, 0)
            g_settings_schema_source_unref(source)
        }
        if schema == nil, let defaultSource {
            schema = g_settings_schema_source_lookup(defaultSource, schemaID, 1)
        }
        guard let schema else { return nil }
        defer { g_settings_schema_unref(schema) }
        var backend: UnsafeMutablePointer<GSettingsBackend>?
        if let keyFile { backend = g_keyfile_settings_backend_new(keyFile.path, "/", nil) }
        defer { if let backend { g_object_unref(UnsafeMutableRawPointer(backend)) } }
        return Settings(taking: g_settings_new_full(schema, backend, nil))
    }

    public func string(_ key: String) -> String {
        guard let value = g_settings_get_string(cast(), key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }

    /// False when the key is read-only (locked down by the administrator).
    @discardableResult
    public func setString(_ key: String, _ value: String) -> Bool {
        g_settings_set_string(cast(), key, value) != 0
    }

    /// Writes pending changes now (they are otherwise written from the main loop).
    public static func sync() { g_settings_sync() }
}
