import CGtk
import Foundation

/// The default GLib main context: timers and manual iteration (for tests and benchmarks).
@MainActor
public enum MainContext {
    /// Calls `handler` every `interval` until it returns false.
    @discardableResult
    public static func every(_ interval: Duration, _ handler: @escaping @MainActor () -> Bool) -> Timer {
        Timer(interval: interval, repeats: true, handler)
    }

    /// Calls `handler` once after `delay`.
    @discardableResult
    public static func after(_ delay: Duration, _ handler: @escaping @MainActor () -> Void) -> Timer {
        Timer(interval: delay, repeats: false) { handler(); return false }
    }
}
