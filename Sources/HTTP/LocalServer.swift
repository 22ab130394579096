import CSoup
import Foundation

/// An HTTP server on 127.0.0.1 with an ephemeral port, running libsoup on a thread of its own so
/// that serving never stalls the app's main loop. Used by the offline catalog, tests and
/// benchmarks (which count its requests through a subclass: HTTPTesting's `CountingServer`). Call
/// `stop()` when done: the serving thread keeps the server alive until then.
open class LocalServer: @unchecked Sendable {  // mutable state is guarded by `lock`
    public typealias Handler = @Sendable (LocalServerRequest) -> LocalServerResponse

    private let lock = NSLock()
    private var routes: [(prefix: String, handler: Handler)] = []
    private var thread: Thread?
    /// Signalled by the serving thread as its last act; `stop` waits on it.
    private var exited: DispatchSemaphore?
    private var loop: OpaquePointer?
    private var context: OpaquePointer?

    /// `http://127.0.0.1:PORT`, once started.
    public private(set) var baseURL: URL?

    public init() {}

    /// Routes requests whose path starts with `prefix` (longest prefix wins).
    public func route(_ prefix: String, _ handler: @escaping Handler) {
        lock.withLock {
            routes.append((prefix, handler))
            routes.sort { $0.prefix.count > $1.prefix.count }
        }
    }

    /// A request arrived (on the serving thread, before its handler runs).
    open func requestArrived(_ request: LocalServerRequest) {}

    /// A request's answer is being sent (on the serving thread).
    open func requestAnswered() {}

    /// Starts listening and returns the base URL.
    @discardableResult
    public func start() throws -> URL {
        if let baseURL { return baseURL }
        let ready = DispatchSemaphore(value: 0)
        let exited = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var startError: String?
        let thread = Thread { [self] in
            let context = g_main_context_new()
            g_main_context_push_thread_default(context)
            let server = shim_soup_server_new("LocalServer")!
            let box = Unmanaged.passRetained(self).toOpaque()
            soup_server_add_handler(
                server, nil,
                { server, message, path, query, box in
                    let this = Unmanaged<LocalServer>.fromOpaque(box!).takeUnretainedValue()
                    this.handle(message: message!, path: String(cString: path!), query: query)
                }, box, { box in Unmanaged<LocalServer>.fromOpaque(box!).release() })

            var error: UnsafeMutablePointer<GError>?
            if soup_server_listen_local(server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error) == 0 {
                startError = error.map { String(cString: $0.pointee.message) } ?? "cannot listen"
                if let error { g_error_free(error) }
            } else if let uris = soup_server_get_uris(server) {
                let uri = OpaquePointer(uris.pointee.data)
                self.baseURL = URL(string: "http://127.0.0.1:\(g_uri_get_port(uri))")
                g_slist_free_full(uris) { g_uri_unref(OpaquePointer($0)) }
            }
            let loop = g_main_loop_new(context, 0)
            self.lock.withLock {
                self.loop = loop
                self.context = context
            }
            ready.signal()
            if startError == nil { g_main_loop_run(loop) }
            soup_server_disconnect(server)
            g_object_unref(server)
            // Run what the disconnect scheduled (message finalizers) before the context goes.
            while g_main_context_iteration(context, 0) != 0 {}
            g_main_loop_unref(loop)
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
            exited.signal()
        }
        thread.name = "LocalServer"
        thread.start()
        ready.wait()
        if let startError {
            exited.wait()  // the thread ends without serving
            lock.withLock { self.loop = nil }
            throw HTTPError.other("Local server: \(startError)")
        }
        self.thread = thread
        self.exited = exited
        return baseURL!
    }

    /// Stops the server; pending responses are dropped.
    public func stop() {
        let (loop, context) = lock.withLock { (self.loop, self.context) }
        guard let loop, let context else { return }
        // Quit from inside the server's own loop: a quit sent before g_main_loop_run starts is lost.
        let source = g_idle_source_new()
        g_source_set_callback(
            source,
            { loop in
                g_main_loop_quit(OpaquePointer(loop))
                return 0
            }, UnsafeMutableRawPointer(loop), nil)
        // The serving thread may quit, tear down and let go of its context before this lets go of
        // the source, whose unref locks the context: a reference of ours keeps it until then.
        g_main_context_ref(context)
        g_source_attach(source, context)
        g_source_unref(source)
        g_main_context_unref(context)
        exited?.wait()  // joins the serving thread
        lock.withLock { self.loop = nil }
        thread = nil
        exited = nil
    }

    // Runs on the server thread.
    private func handle(message: OpaquePointer, path: String, query: OpaquePointer?) {
        let method = String(cString: soup_server_message_get_method(message))
        let request = LocalServerRequest(method: method, path: path, query: Self.dictionary(query))
        requestArrived(request)
        let handler: Handler? = lock.withLock { routes.first { path.hasPrefix($0.prefix) }?.handler }
        let response = handler?(request) ?? LocalServerResponse(status: 404, text: "Not found")
        if response.neverRespond {
            soup_server_message_pause(message)
            return
        }
        guard let delay = response.delay else {
            respond(message, with: response)
            return
        }
        soup_server_message_pause(message)
        g_object_ref(UnsafeMutableRawPointer(message))
        let milliseconds = guint(delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000)
        let source = g_timeout_source_new(milliseconds)
        let pending = Unmanaged.passRetained(PendingResponse(server: self, message: message, response: response))
            .toOpaque()
        g_source_set_callback(
            source,
            { pending in
                let pending = Unmanaged<PendingResponse>.fromOpaque(pending!).takeUnretainedValue()
                pending.server.respond(pending.message, with: pending.response)
                soup_server_message_unpause(pending.message)
                return 0  // G_SOURCE_REMOVE
            }, pending,
            { pending in
                let pending = Unmanaged<PendingResponse>.fromOpaque(pending!).takeRetainedValue()
                g_object_unref(UnsafeMutableRawPointer(pending.message))
            })
        g_source_attach(source, g_main_context_get_thread_default())
        g_source_unref(source)
    }

    private func respond(_ message: OpaquePointer, with response: LocalServerResponse) {
        requestAnswered()
        soup_server_message_set_status(message, guint(response.status), nil)
        let headers = soup_server_message_get_response_headers(message)
        for (name, value) in response.headers { soup_message_headers_replace(headers, name, value) }
        if response.chunked {
            soup_message_headers_set_encoding(headers, SOUP_ENCODING_CHUNKED)
            soup_message_headers_set_content_type(headers, response.contentType, nil)
            let body = soup_server_message_get_response_body(message)
            let bytes = response.body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_body_append_bytes(body, bytes)
            g_bytes_unref(bytes)
            soup_message_body_complete(body)
        } else {
            response.body.withUnsafeBytes { bytes in
                soup_server_message_set_response(
                    message, response.contentType, SOUP_MEMORY_COPY,
                    bytes.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(bytes.count))
            }
        }
    }

    private static func dictionary(_ table: OpaquePointer?) -> [String: String] {
        guard let table else { return [:] }
        var result: [String: String] = [:]
        var iterator = GHashTableIter()
        g_hash_table_iter_init(&iterator, table)
        var key: gpointer?, value: gpointer?
        while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
            guard let key, let value else { continue }
            result[String(cString: key.assumingMemoryBound(to: CChar.self))] =
                String(cString: value.assumingMemoryBound(to: CChar.self))
        }
        return result
    }
}
