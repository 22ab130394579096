import Foundation
import Gtk
import GtkTesting

/// A GLib timeout firing every millisecond; the longest gap between two firings is the longest
/// time the main loop could not run anything (a stall a user would feel as a dropped frame).
@MainActor
final class Probe {
    private var timer: Gtk.Timer?
    private var last = ContinuousClock.now
    private(set) var longestStall: Duration = .zero
    /// When the longest stall ended.
    private(set) var longestStallEnd = ContinuousClock.now
    /// Every stall over 12 ms: when it ended and how long it was.
    private(set) var stalls: [(end: ContinuousClock.Instant, length: Duration)] = []

    init() {
        timer = MainContext.every(.milliseconds(1)) { [weak self] in
            guard let self else { return false }
            let now = ContinuousClock.now
            if now - last > longestStall { longestStallEnd = now }
            longestStall = max(longestStall, now - last)
            if now - last > .milliseconds(12) { stalls.append((now, now - last)) }
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
