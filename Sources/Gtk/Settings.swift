import CGtk
import Foundation

/// GSettings for one schema. GLib aborts on a missing schema, so both ways in check first:
/// `init?(schemaID:backend:)` looks in the system's schemas (and `GSETTINGS_SCHEMA_DIR`);
/// `open(schemaID:directories:keyFile:)` looks first in compiled-schema folders the caller
/// names (the app's own prefix or build tree), so a copy installed under any prefix finds its
/// schema without `GSETTINGS_SCHEMA_DIR`.
@MainActor
public final class Settings: Object {
    /// A settings backend kept in memory for this process (tests; relaunches share one).
    public final class MemoryBackend: Object {
        public convenience init() { self.init(taking: UnsafeMutableRawPointer(g_memory_settings_backend_new())) }
    }

    /// Nil when no schema `id` can be found.
    public convenience init?(schemaID id: String, backend: MemoryBackend? = nil) {
        guard let source = g_settings_schema_source_get_default(),
            let schema = g_settings_schema_source_lookup(source, id, 1)
        else { return nil }
        g_settings_schema_unref(schema)
        let pointer = backend.map { g_settings_new_with_backend(id, $0.cast()) } ?? g_settings_new(id)
        self.init(taking: UnsafeMutableRawPointer(pointer!))
    }

    /// The schema from the first of `directories` holding it, else from the system's schemas;
    /// nil when none has it. `keyFile` stores the values in that file instead of the user's
    /// dconf database (tests that relaunch).
    public static func open(schemaID: String, directories: [URL], keyFile: URL? = nil) -> Settings? {
        let defaultSource = g_settings_schema_source_get_default()
        var schema: OpaquePointer?
        for directory in directories where schema == nil {
            var error: UnsafeMutablePointer<GError>?
            guard let source = g_settings_schema_source_new_from_directory(directory.path, defaultSource, 0, &error)
            else {
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

    private var settings: UnsafeMutablePointer<GSettings> { cast() }

    public func int(_ key: String) -> Int { Int(g_settings_get_int(settings, key)) }
    public func setInt(_ key: String, _ value: Int) { g_settings_set_int(settings, key, gint(value)) }
    public func bool(_ key: String) -> Bool { g_settings_get_boolean(settings, key) != 0 }
    public func setBool(_ key: String, _ value: Bool) { g_settings_set_boolean(settings, key, value ? 1 : 0) }

    public func string(_ key: String) -> String {
        guard let chars = g_settings_get_string(settings, key) else { return "" }
        defer { g_free(chars) }
        return String(cString: chars)
    }

    /// False when the key is read-only (locked down by the administrator).
    @discardableResult
    public func setString(_ key: String, _ value: String) -> Bool {
        g_settings_set_string(settings, key, value) != 0
    }
}

extension Settings {
    /// Runs `handler` whenever `key` changes, by this process or another (dconf, `gsettings set`).
    /// The handler lives as long as the settings object.
    public func onChanged(_ key: String, _ handler: @escaping @MainActor () -> Void) {
        connect("changed::\(key)", thunk: SignalThunks.pointer, handler: { (_: gpointer?) in handler() })
    }
}

extension Application {
    /// Adds "app.KEY", an action whose state is the boolean (or enum) GSettings `key` of
    /// `settings`: a check menu item naming it shows the key and flips it (`g_settings_create_action`).
    public func addSettingsAction(_ settings: Settings, key: String) {
        let action = g_settings_create_action(settings.cast(), key)
        g_action_map_add_action(OpaquePointer(gobject), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// Adds "app.NAME" with a boolean state (a check menu item names it); `handler` gets the new
    /// state when the user flips it.
    public func addBoolAction(_ name: String, state: Bool, _ handler: @escaping @MainActor (Bool) -> Void) {
        let action = BoolStateAction(name: name, state: state, handler: handler)
        g_action_map_add_action(OpaquePointer(gobject), OpaquePointer(action.gobject))
    }

    /// The state of the boolean action "app.NAME" (nil: no such action, or not boolean).
    public func boolActionState(_ name: String) -> Bool? {
        guard let action = g_action_map_lookup_action(OpaquePointer(gobject), name),
            let state = g_action_get_state(action)
        else { return nil }
        defer { g_variant_unref(state) }
        guard g_variant_classify(state) == G_VARIANT_CLASS_BOOLEAN else { return nil }
        return g_variant_get_boolean(state) != 0
    }

    /// Activates "app.NAME" as a menu item or a D-Bus call would.
    public func activateAction(_ name: String) {
        g_action_group_activate_action(OpaquePointer(gobject), name, nil)
    }
}
