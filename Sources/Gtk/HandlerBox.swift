import CGtk

/// A retained holder for a Swift closure or value passed to C as user data.
final class HandlerBox<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }

    /// `handler` retained, as C user data; `releaseRetained` balances it.
    static func retained(_ handler: Handler) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(HandlerBox(handler)).toOpaque()
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> Handler {
        Unmanaged<HandlerBox<Handler>>.fromOpaque(data!).takeUnretainedValue().handler
    }
}

/// The GDestroyNotify for user data made with `HandlerBox.retained` (or any retained object).
let releaseRetained: GDestroyNotify = { data in
    data.map { Unmanaged<AnyObject>.fromOpaque($0).release() }
}
