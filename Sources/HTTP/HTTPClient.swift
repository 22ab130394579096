import CSoup
import Foundation

/// An async HTTP client over one libsoup session. Requests start on the main thread, where
/// libsoup then runs their callbacks; awaiting callers may be anywhere.
@MainActor
public final class HTTPClient {
    public let configuration: HTTPClientConfiguration
    let session: UnsafeMutablePointer<SoupSession>

    public init(configuration: HTTPClientConfiguration = HTTPClientConfiguration()) {
        self.configuration = configuration
        session = shim_soup_session_new(
            Int32(configuration.maxConnections),
            Int32(configuration.maxConnectionsPerHost),
            guint(configuration.timeoutSeconds),
            configuration.userAgent)
    }

    isolated deinit {
        soup_session_abort(session)
        g_object_unref(session)
    }

    /// Fetches `url`. Throws `HTTPError.status` for non-2xx answers, `.bodyTooLarge` past the
    /// body cap (reading stops there), `.timedOut` when the whole exchange takes longer than
    /// `deadline`, `.cutOff` when the connection closes mid-answer, and `.cancelled` promptly
    /// when the task is cancelled (the request's GCancellable closes the connection).
    public func get(_ url: URL, maxBodyBytes: Int? = nil, deadline: Duration? = nil) async throws(HTTPError)
        -> HTTPResponse
    {
        try await perform(url, maxBodyBytes: maxBodyBytes, deadline: deadline, acceptsAnyStatus: false)
    }

    /// Like `get`, but answers of any status come back as responses, so that the caller can
    /// read their headers (Retry-After) and bodies.
    public func response(for url: URL, maxBodyBytes: Int? = nil, deadline: Duration? = nil) async throws(HTTPError)
        -> HTTPResponse
    {
        try await perform(url, maxBodyBytes: maxBodyBytes, deadline: deadline, acceptsAnyStatus: true)
    }

    private func perform(_ url: URL, maxBodyBytes: Int?, deadline: Duration?, acceptsAnyStatus: Bool)
        async throws(HTTPError) -> HTTPResponse
    {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let message = soup_message_new("GET", url.absoluteString)
        else {
            throw .invalidURL(url.absoluteString)
        }
        let request = RequestOperation(
            session: session, message: message,
            maxBodyBytes: maxBodyBytes ?? configuration.maxBodyBytes,
            deadline: deadline, acceptsAnyStatus: acceptsAnyStatus)
        let cancellable = request.cancellable
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    request.start(continuation)
                }
            } onCancel: {
                cancellable.cancel()
            }
        } catch let error as HTTPError {
            throw error
        } catch {
            throw .other(String(describing: error))
        }
    }
}
