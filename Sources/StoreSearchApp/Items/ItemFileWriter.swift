import Foundation
import StoreSearchCore

/// Saves the item file one save at a time, newest wins, and never over a file this session has
/// not read. A background save and the save at window close can overlap; without this, a slow
/// background save of older changes could land after the close's save and undo the user's last
/// edit. Another writer (a sync tool, a script) may replace the file at any time: a save finds
/// the file is not the one last read or written and leaves it for a merge (`ItemStoreKeeper`).
final class ItemFileWriter: @unchecked Sendable {  // `lastWritten` and `known` are guarded by `lock`
    private let file: ItemStoreFile
    private let lock = NSLock()
    private var lastWritten = 0
    /// The file as this session last read or wrote it (nil: there was none).
    private var known: FileIdentity?

    enum Saved {
        case written
        /// A later change is already on disk.
        case older
        /// Another writer changed the file since this session read or wrote it: not written.
        case changedElsewhere
    }

    init(file: ItemStoreFile) { self.file = file }

    /// This session has read the file as it was when it was `identity` (nil: there was none).
    func read(_ identity: FileIdentity?) { lock.withLock { known = identity } }

    /// Whether the file on disk is not the one this session last read or wrote.
    var isChangedElsewhere: Bool { lock.withLock { FileIdentity(of: file.url) != known } }

    /// Writes `store` as of change number `change`.
    func save(_ store: ItemStore, change: Int) throws(ItemStoreFileError) -> Saved {
        lock.lock()
        defer { lock.unlock() }
        guard change > lastWritten else { return .older }
        guard FileIdentity(of: file.url) == known else { return .changedElsewhere }
        // Checked again just before the rename: encoding a large store takes a while.
        let expected = known
        do {
            known = try file.save(store) { FileIdentity(of: $0) == expected }
        } catch {
            if case .cannotWrite(_, ItemStoreFile.changedElsewhere) = error { return .changedElsewhere }
            throw error
        }
        lastWritten = change
        return .written
    }
}
