import Foundation

/// What a local-server handler answers.
public struct LocalServerResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: Data
    /// Answer after this long; `nil` answers at once.
    public var delay: Duration?
    /// Never answer (until the server stops): for timeout tests.
    public var neverRespond = false
    /// Send the body with chunked encoding, so the client learns its size only by reading.
    public var chunked = false
    /// Further response headers (such as `Retry-After`).
    public var headers: [String: String] = [:]

    public init(
        status: Int = 200, contentType: String = "application/json", body: Data = Data(),
        delay: Duration? = nil
    ) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.delay = delay
    }

    public init(status: Int = 200, contentType: String = "text/plain", text: String, delay: Duration? = nil) {
        self.init(status: status, contentType: contentType, body: Data(text.utf8), delay: delay)
    }
}
