/// What a local-server handler is told about a request.
public struct LocalServerRequest: Sendable {
    public let method: String
    public let path: String
    public let query: [String: String]
}
