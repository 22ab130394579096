import CSoup

/// Why a request failed, in terms a caller can act on.
public enum HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidURL(String)
    case cannotResolveHost(String)
    case connectionRefused
    case cannotConnect(String)
    case timedOut
    case tlsUnavailable
    case tlsFailed(String)
    case bodyTooLarge(limit: Int)
    case cancelled
    case status(Int)
    case protocolError(String)
    /// The connection closed in the middle of the answer (the server was reached).
    case cutOff
    /// The server sent the request on to another address and back, more times than allowed.
    case redirectLoop
    case other(String)

    public var description: String {
        switch self {
        case .invalidURL(let url): "Invalid URL: \(url)"
        case .cannotResolveHost(let detail): "Cannot resolve host: \(detail)"
        case .connectionRefused: "Connection refused"
        case .cannotConnect(let detail): "Cannot connect: \(detail)"
        case .timedOut: "Timed out"
        case .tlsUnavailable: "TLS support is not available (install glib-networking)"
        case .tlsFailed(let detail): "Secure connection failed: \(detail)"
        case .bodyTooLarge(let limit): "Response larger than \(limit) bytes"
        case .cancelled: "Cancelled"
        case .status(let code): "HTTP status \(code)"
        case .protocolError(let detail): "Invalid HTTP response: \(detail)"
        case .cutOff: "The connection closed before the whole answer arrived"
        case .redirectLoop: "Too many redirects"
        case .other(let detail): detail
        }
    }

    /// Whether the server could not be reached at all (as opposed to answering badly).
    public var isUnreachable: Bool {
        switch self {
        case .cannotResolveHost, .connectionRefused, .cannotConnect, .tlsUnavailable: true
        default: false
        }
    }

    /// What a failure while reading the body means: past the headers, any broken connection
    /// is an answer cut off, not a server that could not be reached.
    var afterHeaders: HTTPError {
        switch self {
        case .cancelled, .timedOut, .bodyTooLarge, .status: self
        default: .cutOff
        }
    }

    /// Classifies a GError from GIO or libsoup.
    init(_ error: UnsafeMutablePointer<GError>) {
        let domain = error.pointee.domain
        let code = error.pointee.code
        let message = String(cString: error.pointee.message)
        if domain == g_resolver_error_quark() {
            self = .cannotResolveHost(message)
        } else if domain == g_io_error_quark() {
            switch GIOErrorEnum(rawValue: UInt32(code)) {
            case G_IO_ERROR_CANCELLED: self = .cancelled
            case G_IO_ERROR_TIMED_OUT: self = .timedOut
            case G_IO_ERROR_CONNECTION_REFUSED: self = .connectionRefused
            case G_IO_ERROR_PARTIAL_INPUT: self = .cutOff  // "Connection terminated unexpectedly"
            case G_IO_ERROR_HOST_UNREACHABLE, G_IO_ERROR_NETWORK_UNREACHABLE, G_IO_ERROR_CONNECTION_CLOSED,
                G_IO_ERROR_BROKEN_PIPE, G_IO_ERROR_PROXY_FAILED:
                self = .cannotConnect(message)
            default: self = .other(message)
            }
        } else if domain == g_tls_error_quark() {
            self = code == Int32(G_TLS_ERROR_UNAVAILABLE.rawValue) ? .tlsUnavailable : .tlsFailed(message)
        } else if domain == soup_session_error_quark() {
            self =
                code == Int32(SOUP_SESSION_ERROR_TOO_MANY_REDIRECTS.rawValue) ? .redirectLoop : .protocolError(message)
        } else {
            self = .other(message)
        }
    }
}
