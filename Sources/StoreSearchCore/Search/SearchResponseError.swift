/// Why a response body could not be read as search results.
public enum SearchResponseError: Error, Equatable, Sendable {
    case emptyBody
    /// An HTML page or other non-JSON text, such as a proxy's or server's error page.
    case notJSON
    /// Bytes that are not text at all (an image, compressed or random data).
    case notText
    /// JSON that stops early or is otherwise broken.
    case malformedJSON
    /// JSON nested deeper than any answer of the store (and than the parser allows).
    case nestedTooDeep
    /// Valid JSON without a `results` array.
    case unexpectedShape
    /// The service's own `{"errorMessage": …}`.
    case serviceMessage(String)
    /// The search was cancelled while its answer was being read.
    case cancelled
}
