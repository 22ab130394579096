import Foundation
import HTTP

/// A local server that logs what it is asked: tests and the bench check how many requests a
/// window made, to which paths, and how many at once.
public final class CountingServer: LocalServer, @unchecked Sendable {  // the log is guarded by `counterLock`
    private let counterLock = NSLock()
    private var inFlight = 0
    private var peakInFlight = 0
    private var log: [LocalServerRequest] = []

    override public init() {}

    /// Every request received since start or the last reset, oldest first.
    public var requests: [LocalServerRequest] { counterLock.withLock { log } }
    public var requestCount: Int { counterLock.withLock { log.count } }
    public func requestCount(path: String) -> Int { counterLock.withLock { log.count { $0.path == path } } }
    /// The most requests that were being handled at once.
    public var peakConcurrentRequests: Int { counterLock.withLock { peakInFlight } }

    public func resetCounters() {
        counterLock.withLock {
            log = []
            peakInFlight = inFlight
        }
    }

    override public func requestArrived(_ request: LocalServerRequest) {
        counterLock.withLock {
            log.append(request)
            inFlight += 1
            peakInFlight = max(peakInFlight, inFlight)
        }
    }

    override public func requestAnswered() {
        counterLock.withLock { inFlight -= 1 }
    }
}
