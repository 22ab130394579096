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
    /// The most time the main thread itself ran between two firings: the longest stall without
    /// the time the machine gave the thread's core to something else (these virtual machines
    /// stall an idle loop for 10 ms and more).
    private(set) var longestBusy: Duration = .zero
    private var lastBusy = Probe.threadTime()

    init() {
        timer = MainContext.every(.milliseconds(1)) { [weak self] in
            guard let self else { return false }
            let now = ContinuousClock.now
            if now - last > longestStall { longestStallEnd = now }
            longestStall = max(longestStall, now - last)
            if now - last > .milliseconds(12) { stalls.append((now, now - last)) }
            last = now
            let busy = Probe.threadTime()
            longestBusy = max(longestBusy, busy - lastBusy)
            lastBusy = busy
            return true
        }
    }

    func stop() { timer?.cancel() }

    /// The CPU time this thread has used.
    private static func threadTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// The longest stall and busy time while the loop has nothing else to do.
    static func idle(during duration: Duration) -> (stall: Duration, busy: Duration) {
        let probe = Probe()
        MainContext.spin(until: { false }, timeout: duration)
        probe.stop()
        return (probe.longestStall, probe.longestBusy)
    }
}
