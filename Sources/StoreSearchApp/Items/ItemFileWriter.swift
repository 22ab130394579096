import Foundation
import StoreSearchCore

/// Saves the item file one save at a time, newest wins. A background save and the save at window
/// close can overlap; without this, a slow background save of older changes could land after the
/// close's save and undo the user's last edit.
final class ItemFileWriter: @unchecked Sendable {  // `lastWritten` is guarded by `lock`
    private let file: ItemStoreFile
    private let lock = NSLock()
    private var lastWritten = 0

    init(file: ItemStoreFile) { self.file = file }

    /// Writes `store` as of change number `change`; returns false without writing when a later
    /// change is already on disk.
    func save(_ store: ItemStore, change: Int) throws(ItemStoreFileError) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard change > lastWritten else { return false }
        try file.save(store)
        lastWritten = change
        return true
    }
}
