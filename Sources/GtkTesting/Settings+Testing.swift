import CGtk
import Gtk

extension Settings {
    /// Writes pending changes now (they are otherwise written from the main loop).
    public static func sync() { g_settings_sync() }
}
