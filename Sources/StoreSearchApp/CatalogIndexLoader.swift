import Foundation
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
            let parsed = Result { try CatalogIndex(catalog: Data(contentsOf: file)) }
            condition.withLock {
                result = parsed
                condition.broadcast()
            }
        }
        thread.name = "CatalogIndex"
        thread.start()
    }

    func wait() throws -> CatalogIndex {
        try condition.withLock {
            while result == nil { condition.wait() }
            return try result!.get()
        }
    }
}
