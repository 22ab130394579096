import CGtk

/// GSettings for one schema. The schema must be installed or found through
/// `GSETTINGS_SCHEMA_DIR` (GLib aborts on a missing schema, so `init` checks first).
@MainActor
public final class Settings: Object {
    /// A settings backend kept in memory for this process (tests; relaunches share one).
    public final class MemoryBackend: Object {
        public convenience init() { self.init(taking: UnsafeMutableRawPointer(g_memory_settings_backend_new())) }
    }

    /// Nil when no schema `id` can be found.
    public convenience init?(schemaID id: String, backend: MemoryBackend? = nil) {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, id, 1) else { return nil }
        g_settings_schema_unref(schema)
        let pointer = backend.map { g_settings_new_with_backend(id, $0.cast()) } ?? g_settings_new(id)
        self.init(taking: UnsafeMutableRawPointer(pointer!))
    }

    private var settings: UnsafeMutablePointer<GSettings> { cast() }

    public func int(_ key: String) -> Int { Int(g_settings_get_int(settings, key)) }
    public func setInt(_ key: String, _ value: Int) { g_settings_set_int(settings, key, gint(value)) }
    public func bool(_ key: String) -> Bool { g_settings_get_boolean(settings, key) != 0 }
    public func setBool(_ key: String, _ value: Bool) { g_settings_set_boolean(settings, key, value ? 1 : 0) }

    public func string(_ key: String) -> String {
        let chars = g_settings_get_string(settings, key)!
        defer { g_free(chars) }
        return String(cString: chars)
    }

    public func setString(_ key: String, _ value: String) { g_settings_set_string(settings, key, value) }
}
