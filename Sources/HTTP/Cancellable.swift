import CSoup

/// A GCancellable that Swift task cancellation can trigger from any thread.
final class Cancellable: @unchecked Sendable {  // g_cancellable_cancel is thread-safe
    let pointer: UnsafeMutablePointer<GCancellable>

    init() { pointer = g_cancellable_new() }

    var isCancelled: Bool { g_cancellable_is_cancelled(pointer) != 0 }

    func cancel() { g_cancellable_cancel(pointer) }

    deinit { g_object_unref(pointer) }
}
