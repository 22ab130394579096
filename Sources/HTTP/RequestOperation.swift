import CSoup
import Foundation

/// One GET in flight: sends the message, then reads the body in chunks up to a cap, within an
/// optional deadline for the whole exchange (libsoup's own timeout is per read, so a server
/// dripping a byte every few seconds would otherwise never time out).
/// Each libsoup callback gets a retained reference to the operation and balances it.
@MainActor
final class RequestOperation {
    private static let chunkSize = 64 * 1024

    let cancellable = Cancellable()
    private let session: UnsafeMutablePointer<SoupSession>
    private let message: OpaquePointer
    private let maxBodyBytes: Int
    private let deadline: Duration?
    /// Non-2xx answers come back as responses (with headers such as Retry-After) instead of errors.
    private let acceptsAnyStatus: Bool
    private var deadlineSource: guint = 0
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?
    private var stream: UnsafeMutablePointer<GInputStream>?
    private var body = Data()
    private var status = 0
    private var headers: [String: String] = [:]

    init(
        session: UnsafeMutablePointer<SoupSession>, message: OpaquePointer, maxBodyBytes: Int,
        deadline: Duration? = nil, acceptsAnyStatus: Bool = false
    ) {
        self.session = session
        self.message = message
        self.maxBodyBytes = maxBodyBytes
        self.deadline = deadline
        self.acceptsAnyStatus = acceptsAnyStatus
    }

    isolated deinit {
        if let stream { g_object_unref(stream) }
        g_object_unref(UnsafeMutableRawPointer(message))
    }

    func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
        self.continuation = continuation
        if let deadline { startDeadline(deadline) }
        let context = Unmanaged.passRetained(self).toOpaque()
        soup_session_send_async(
            session, message, G_PRIORITY_DEFAULT, cancellable.pointer,
            { source, result, context in
                let operation = Unmanaged<RequestOperation>.fromOpaque(context!).takeRetainedValue()
                nonisolated(unsafe) let result = result
                MainActor.assumeIsolated { operation.didSend(result) }
            }, context)
    }

    private func didSend(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let stream = soup_session_send_finish(session, result, &error)
        if let error { return fail(HTTPError(error), freeing: error) }
        self.stream = stream
        status = Int(soup_message_get_status(message).rawValue)
        headers = readHeaders()
        guard acceptsAnyStatus || (200..<300).contains(status) else { return finish(.failure(.status(status))) }
        if let length = headers["content-length"].flatMap(Int.init), length > maxBodyBytes {
            return finish(.failure(.bodyTooLarge(limit: maxBodyBytes)))
        }
        readNextChunk()
    }

    private func readNextChunk() {
        let context = Unmanaged.passRetained(self).toOpaque()
        g_input_stream_read_bytes_async(
            stream, gsize(Self.chunkSize), G_PRIORITY_DEFAULT, cancellable.pointer,
            { _, result, context in
                let operation = Unmanaged<RequestOperation>.fromOpaque(context!).takeRetainedValue()
                nonisolated(unsafe) let result = result
                MainActor.assumeIsolated { operation.didRead(result) }
            }, context)
    }

    private func didRead(_ result: OpaquePointer?) {
        var error: UnsafeMutablePointer<GError>?
        let bytes = g_input_stream_read_bytes_finish(stream, result, &error)
        if let error { return fail(HTTPError(error).afterHeaders, freeing: error) }
        guard let bytes else { return finish(.failure(.other("No data"))) }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        if size == 0 {
            return finish(.success(HTTPResponse(status: status, headers: headers, body: body)))
        }
        guard body.count + Int(size) <= maxBodyBytes else {
            return finish(.failure(.bodyTooLarge(limit: maxBodyBytes)))
        }
        body.append(data!.assumingMemoryBound(to: UInt8.self), count: Int(size))
        readNextChunk()
    }

    private func readHeaders() -> [String: String] {
        var result: [String: String] = [:]
        var iterator = SoupMessageHeadersIter()
        soup_message_headers_iter_init(&iterator, soup_message_get_response_headers(message))
        var name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
        while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
            guard let name, let value else { continue }
            result[String(cString: name).lowercased()] = String(cString: value)
        }
        return result
    }

    private func fail(_ error: HTTPError, freeing gerror: UnsafeMutablePointer<GError>) {
        g_error_free(gerror)
        finish(.failure(error))
    }

    /// Fails the request with `.timedOut` when the whole exchange has not finished by then.
    private func startDeadline(_ deadline: Duration) {
        let milliseconds = max(
            1, deadline.components.seconds * 1000 + deadline.components.attoseconds / 1_000_000_000_000_000)
        let context = Unmanaged.passRetained(self).toOpaque()
        deadlineSource = g_timeout_add_full(
            G_PRIORITY_DEFAULT, guint(clamping: milliseconds),
            { context in
                let operation = Unmanaged<RequestOperation>.fromOpaque(context!).takeUnretainedValue()
                MainActor.assumeIsolated {
                    operation.deadlineSource = 0
                    operation.finish(.failure(.timedOut))
                }
                return 0  // G_SOURCE_REMOVE
            }, context, { context in Unmanaged<RequestOperation>.fromOpaque(context!).release() })
    }

    private func finish(_ result: Result<HTTPResponse, HTTPError>) {
        if deadlineSource != 0 {
            g_source_remove(deadlineSource)
            deadlineSource = 0
        }
        // Stop any further reading; the session reuses or drops the connection.
        if case .failure = result { cancellable.cancel() }
        continuation?.resume(with: result.mapError { $0 as any Error })
        continuation = nil
    }
}
