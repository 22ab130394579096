import HTTP

extension LocalServerResponse {
    /// A response that never comes: the request hangs until the client gives up or cancels.
    public static func neverAnswering() -> LocalServerResponse {
        var response = LocalServerResponse()
        response.neverRespond = true
        return response
    }
}
