/// A retained holder for a Swift closure passed to C as user data.
final class HandlerBox<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }

    static func from(_ data: UnsafeMutableRawPointer?) -> Handler {
        Unmanaged<HandlerBox<Handler>>.fromOpaque(data!).takeUnretainedValue().handler
    }
}
