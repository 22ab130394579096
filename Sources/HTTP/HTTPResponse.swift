import Foundation

/// A completed HTTP response with its whole (capped) body.
public struct HTTPResponse: Sendable {
    public let status: Int
    /// Header names are lower-cased.
    public let headers: [String: String]
    public let body: Data

    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
