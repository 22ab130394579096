/// Connection limits and timeouts, fixed when the client is made (libsoup's are construct-only).
public struct HTTPClientConfiguration: Sendable {
    public var maxConnections: Int
    public var maxConnectionsPerHost: Int
    /// Seconds to wait for connecting and for each read or write; libsoup's default is 60.
    public var timeoutSeconds: Int
    /// Largest body accepted; larger ones fail with `bodyTooLarge` without reading further.
    public var maxBodyBytes: Int
    public var userAgent: String

    public init(
        maxConnections: Int = 16, maxConnectionsPerHost: Int = 6, timeoutSeconds: Int = 15,
        maxBodyBytes: Int = 4 << 20, userAgent: String = "libsoup-swift"
    ) {
        self.maxConnections = maxConnections
        self.maxConnectionsPerHost = maxConnectionsPerHost
        self.timeoutSeconds = timeoutSeconds
        self.maxBodyBytes = maxBodyBytes
        self.userAgent = userAgent
    }
}
