import Foundation

/// A flag a server's thread sets and the test reads.
public final class Flag: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var value = false

    public init() {}
    public func set() { lock.withLock { value = true } }
    public var isSet: Bool { lock.withLock { value } }
}
