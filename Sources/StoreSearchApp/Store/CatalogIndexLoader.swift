import Foundation
import Gtk
import StoreSearchCore

/// Parses the catalog on a thread of its own; `wait()` blocks until it is ready (only the
/// catalog server's thread and tests wait, never the main thread).
final class CatalogIndexLoader: @unchecked Sendable {  // state is guarded by `condition`
    private let condition = NSCondition()
    private var result: Result<CatalogIndex, any Error>?
    private var started = false

    func load(_ file: URL) {
        let shouldStart = condition.withLock {
            defer { started = true }
            return !started
        }
        guard shouldStart else { return }
        let thread = Thread { [self] in
            // Below the UI's priority: on two cores the window's first frames come first (on Linux the
            // nice value of PRIO_PROCESS 0 is the calling thread's own).
            if setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) != 0 {
                Log.debug(LogDomain.catalog, "Cannot lower the catalog thread's priority (errno \(errno))")
            }
            let parsed = Result { try CatalogIndex(catalog: Data(contentsOf: file)) }
            condition.withLock {
                result = parsed
                condition.broadcast()
            }
        }
        thread.name = "CatalogIndex"
        thread.start()
    }

    /// Starts parsing `file` if nothing has, and waits for it.
    func loaded(from file: URL) throws -> CatalogIndex {
        load(file)
        return try wait()
    }

    func wait() throws -> CatalogIndex {
        try condition.withLock {
            while result == nil { condition.wait() }
            return try result!.get()
        }
    }
}
