import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// An advisory lock on the data folder (`flock` on `.lock` inside it), held while a StoreSearch
/// process may write the item file. It is the last line of defence behind the single-instance
/// application: without a session bus two processes can run, and the second must not clobber
/// the first one's file. The kernel drops the lock when the process ends, even on a crash.
public final class DataFolderLock: @unchecked Sendable {  // `descriptor` is only touched under `lock`
    public enum Outcome: Equatable, Sendable {
        case acquired
        /// Another process holds the folder.
        case heldElsewhere
        /// The folder or lock file cannot be made (a file in the way, no permission); saving
        /// will report the real problem, so the process goes on without a lock.
        case unavailable(String)
    }

    private let lockFile: URL
    private let lock = NSLock()
    private var descriptor: Int32 = -1

    public init(directory: URL) { lockFile = directory.appending(path: ".lock") }

    /// Tries once, without waiting.
    public func acquire() -> Outcome {
        lock.lock()
        defer { lock.unlock() }
        if descriptor >= 0 { return .acquired }
        do {
            try FileManager.default.createDirectory(
                at: lockFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            return .unavailable(error.localizedDescription)
        }
        let fd = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return .unavailable(String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let error = errno
            close(fd)
            return error == EWOULDBLOCK ? .heldElsewhere : .unavailable(String(cString: strerror(error)))
        }
        descriptor = fd
        return .acquired
    }

    public func release() {
        lock.lock()
        defer { lock.unlock() }
        guard descriptor >= 0 else { return }
        close(descriptor)  // closing the only descriptor drops the flock
        descriptor = -1
    }

    deinit { release() }
}
