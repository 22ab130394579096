import HTTP
@testable import StoreSearchApp

extension CatalogServer {
    /// The searches received so far, with their parameters.
    var searchRequests: [LocalServerRequest] { server.requests.filter { $0.path == "/search" } }
}
