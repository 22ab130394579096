import HTTP
import HTTPTesting
@testable import StoreSearchApp

extension CatalogServer {
    /// The searches received so far, with their parameters.
    var searchRequests: [LocalServerRequest] { (server as! CountingServer).requests.filter { $0.path == "/search" } }
}
