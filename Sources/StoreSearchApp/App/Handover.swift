import Foundation

/// A value handed to another thread with the only reference to it, so that it is let go there:
/// the merge's inputs taken on its thread, or what the main thread no longer needs (the last
/// reference to 100,000 records releases each of them, milliseconds of the main loop).
final class Handover<Value: Sendable>: @unchecked Sendable {  // taken once, by one thread
    private var value: Value?

    init(_ value: Value) { self.value = value }

    func take() -> Value {
        defer { value = nil }
        return value!
    }

    /// Lets the value go on a background thread.
    func dropInBackground() {
        DispatchQueue.global(qos: .background).async { _ = self.take() }
    }
}
