import Foundation

/// A delayed answer waiting for its timer on the server thread.
final class PendingResponse {
    let server: LocalServer
    let message: OpaquePointer
    let response: LocalServerResponse

    init(server: LocalServer, message: OpaquePointer, response: LocalServerResponse) {
        self.server = server
        self.message = message
        self.response = response
    }
}
