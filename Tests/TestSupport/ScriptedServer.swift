import Foundation

/// A raw TCP server on 127.0.0.1 for tests and benchmarks that need what a well-behaved HTTP
/// server never does: drip an answer a byte at a time, cut the connection mid-answer, send any
/// header, or watch for the client closing its end. Each connection runs `script` on its own
/// thread. Call `stop()` when done.
public final class ScriptedServer: @unchecked Sendable {  // mutable state is guarded by `lock`
    public typealias Script = @Sendable (Connection) -> Void

    /// The listening socket could not be set up.
    public struct SocketError: Error, CustomStringConvertible {
        public let description: String
    }

    /// One accepted connection, used from its script's thread.
    public final class Connection: @unchecked Sendable {
        let fd: Int32
        public private(set) var request = ""
        private let counted: @Sendable (_ closedByClient: Bool) -> Void

        init(fd: Int32, counted: @escaping @Sendable (_ closedByClient: Bool) -> Void) {
            self.fd = fd
            self.counted = counted
        }

        /// Reads the request head (through the blank line); false if the client went away first.
        @discardableResult
        public func readRequest() -> Bool {
            var bytes: [UInt8] = []
            var byte: UInt8 = 0
            while !bytes.suffix(4).elementsEqual([13, 10, 13, 10]) {
                guard recv(fd, &byte, 1, 0) == 1 else { return false }
                bytes.append(byte)
            }
            request = String(decoding: bytes, as: UTF8.self)
            counted(false)
            return true
        }

        /// The request's path and query, as in "GET /search?term=x HTTP/1.1".
        public var target: String {
            let parts = request.split(separator: " ", maxSplits: 2)
            return parts.count > 1 ? String(parts[1]) : ""
        }

        /// Writes `data`; false once the client has gone.
        @discardableResult
        public func write(_ data: Data) -> Bool {
            data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let sent = send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                    if sent <= 0 { return false }
                    offset += sent
                }
                return true
            }
        }

        @discardableResult
        public func write(_ text: String) -> Bool { write(Data(text.utf8)) }

        /// Writes an HTTP/1.1 status line and headers (with Content-Length when `contentLength` is given).
        @discardableResult
        public func writeHead(status: Int = 200, headers: [String: String] = [:], contentLength: Int? = nil) -> Bool {
            var head = "HTTP/1.1 \(status) Status\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            if let contentLength { head += "Content-Length: \(contentLength)\r\n" }
            return write(head + "\r\n")
        }

        /// Blocks until the client closes its end (true) or `timeout` passes (false).
        public func waitForClientClose(timeout: Duration) -> Bool {
            let deadline = ContinuousClock.now + timeout
            var byte: UInt8 = 0
            while ContinuousClock.now < deadline {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&poller, 1, 50) > 0 {
                    let count = recv(fd, &byte, 1, 0)
                    if count <= 0 {
                        counted(true)
                        return true
                    }
                }
            }
            return false
        }

        /// Closes the connection now (mid-answer, if the script says so).
        public func close() {
            shutdown(fd, Int32(SHUT_RDWR))
        }
    }

    private let script: Script
    private let lock = NSLock()
    private var listener: Int32 = -1
    private var acceptThread: Thread?
    private var open: [Int32] = []
    private var requests = 0
    private var closedByClient = 0

    public private(set) var baseURL: URL?

    public init(script: @escaping Script) { self.script = script }

    /// Requests whose head was read so far.
    public var requestCount: Int { lock.withLock { requests } }
    /// Connections whose client closed its end while the script waited for it.

    /// Listens on an ephemeral port and returns `http://127.0.0.1:PORT`.
    @discardableResult
    public func start() throws -> URL {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(fd)
            throw SocketError(description: "bind: \(String(cString: strerror(errno)))")
        }
        listener = fd
        let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")!
        baseURL = url
        let thread = Thread { [self] in acceptLoop(fd) }
        thread.name = "ScriptedServer"
        acceptThread = thread
        thread.start()
        return url
    }

    private func acceptLoop(_ listener: Int32) {
        while true {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }  // the listener was shut down
            lock.withLock { open.append(fd) }
            let connection = Connection(fd: fd) { [self] closedByClient in
                lock.withLock { if closedByClient { self.closedByClient += 1 } else { requests += 1 } }
            }
            let thread = Thread { [self] in
                script(connection)
                lock.withLock { open.removeAll { $0 == fd } }
                Glibc.close(fd)
            }
            thread.start()
        }
    }

    /// Stops accepting and cuts every open connection.
    public func stop() {
        guard listener >= 0 else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
        listener = -1
        lock.withLock { for fd in open { shutdown(fd, Int32(SHUT_RDWR)) } }
    }
}
