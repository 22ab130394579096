import CGtk
import Gtk

extension MainContext {
    /// Iterates until `condition` holds or `timeout` passes; returns whether it held.
    @discardableResult
    public static func spin(until condition: () -> Bool, timeout: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        // A short timer guarantees the blocking iteration wakes up to re-check the deadline.
        let wakeUp = g_timeout_add(20, { _ in 1 }, nil)
        defer { g_source_remove(wakeUp) }
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }
}

extension Settings {
    /// Writes pending changes now (they are otherwise written from the main loop).
    public static func sync() { g_settings_sync() }
}
