import CGtk

/// GIO's default network monitor (`GNetworkMonitor`): whether a network is available now, and a
/// closure run whenever that may have changed ("network-changed", with the new availability).
@MainActor
public final class NetworkChanges {
    /// Its handler is disconnected when this goes away.
    private let monitor: Object?

    /// `handler` gets whether a network is available after each change.
    public init(_ handler: @escaping @MainActor (_ available: Bool) -> Void) {
        monitor = g_network_monitor_get_default().map { Object(retaining: UnsafeMutableRawPointer($0)) }
        monitor?.connect(
            "network-changed", thunk: SignalThunks.int, handler: { (available: gint) in handler(available != 0) })
    }

    public var isNetworkAvailable: Bool {
        guard let monitor else { return true }
        return g_network_monitor_get_network_available(monitor.cast()) != 0
    }
}
