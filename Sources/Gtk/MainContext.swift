import CGtk
import Foundation

/// The default GLib main context: timers, and turning it until a condition holds (a command run
/// without a window, tests, benchmarks).
@MainActor
public enum MainContext {
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

    /// Calls `handler` every `interval` until it returns false.
    @discardableResult
    public static func every(_ interval: Duration, _ handler: @escaping @MainActor () -> Bool) -> Timer {
        Timer(interval: interval, repeats: true, handler)
    }

    /// Calls `handler` once after `delay`.
    @discardableResult
    public static func after(_ delay: Duration, _ handler: @escaping @MainActor () -> Void) -> Timer {
        Timer(interval: delay, repeats: false) {
            handler(); return false
        }
    }
}
