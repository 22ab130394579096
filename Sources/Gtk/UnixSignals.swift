import CGtk

/// Unix signals (SIGTERM, SIGINT, SIGHUP) delivered on the main loop through GLib, where it is
/// safe to run any code: a logout or `kill` can then save like a window close does.
@MainActor
public final class UnixSignals {
    private var sourceIDs: [guint] = []

    /// Calls `handler` with the signal number each time one of `signals` arrives. GLib replaces
    /// the default action (ending the process), so the handler decides what happens next.
    public init(_ signals: [Int32], handler: @escaping @MainActor (Int32) -> Void) {
        for signal in signals {
            let box = HandlerBox<() -> Void>.retained({ MainActor.assumeIsolated { handler(signal) } })
            sourceIDs.append(
                g_unix_signal_add_full(
                    G_PRIORITY_HIGH, signal,
                    { data in
                        HandlerBox<() -> Void>.from(data)()
                        return 1  // G_SOURCE_CONTINUE
                    }, box, releaseRetained))
        }
    }

    /// Stops watching; the signals get their default action again.
    public func cancel() {
        sourceIDs.forEach { g_source_remove($0) }
        sourceIDs = []
    }

    isolated deinit { cancel() }
}
