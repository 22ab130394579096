import CGtk

/// Messages to GLib's log under a domain (debug ones show with `G_MESSAGES_DEBUG=DOMAIN`).
public struct GLibLog: Sendable {
    public let domain: String

    public init(domain: String) { self.domain = domain }

    public func debug(_ message: String) { shim_log(domain, G_LOG_LEVEL_DEBUG, message) }
    public func warning(_ message: String) { shim_log(domain, G_LOG_LEVEL_WARNING, message) }
}
