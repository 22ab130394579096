import Foundation
import Gtk

/// A GLib timeout firing every millisecond; the longest gap between two firings is the longest
/// time the main loop could not run anything (a stall a user would feel as a dropped frame).
@MainActor
final class Probe {
    private var timer: Gtk.Timer?
    private var last = ContinuousClock.now
    private(set) var longestStall: Duration = .zero

    init() {
        timer = MainContext.every(.milliseconds(1)) { [weak self] in
            guard let self else { return false }
            let now = ContinuousClock.now
            longestStall = max(longestStall, now - last)
            last = now
            return true
        }
    }

    func stop() { timer?.cancel() }

    /// The longest stall while the loop has nothing else to do (the probe's own noise floor).
    static func longestStall(during duration: Duration) -> Duration {
        let probe = Probe()
        MainContext.spin(until: { false }, timeout: duration)
        probe.stop()
        return probe.longestStall
    }
}
