import CSoup

/// GIO's view of whether any network is available.
public enum NetworkMonitor {
    public static var isNetworkAvailable: Bool {
        guard let monitor = g_network_monitor_get_default() else { return true }
        return g_network_monitor_get_network_available(monitor) != 0
    }
}
