import CGtk

/// A GLib timeout source running a Swift closure on the main loop. Cancel to stop it early.
@MainActor
public final class Timer {
    private var sourceID: guint = 0

    init(interval: Duration, repeats: Bool, _ handler: @escaping @MainActor () -> Bool) {
        let milliseconds = guint(
            interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000)
        let box = HandlerBox<() -> Bool>.retained({ [weak self] in
            let again = MainActor.assumeIsolated { handler() } && repeats
            if !again { MainActor.assumeIsolated { self?.sourceID = 0 } }
            return again
        })
        sourceID = g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { data in
                HandlerBox<() -> Bool>.from(data)() ? 1 : 0
            }, box, releaseRetained)
    }

    public var isActive: Bool { sourceID != 0 }

    public func cancel() {
        if sourceID != 0 { g_source_remove(sourceID) }
        sourceID = 0
    }
}
