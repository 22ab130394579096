import Foundation
import Gtk
import StoreSearchCore

/// Owns the user's item store: loads it at start, saves it a couple of seconds after the last
/// change (so `kill -9` or a crash loses at most that), and saves it for good when the window
/// closes or the session ends. It holds the data folder's lock while it may write; when another
/// process holds it, the store is read-only: changes stay in this window and are never saved.
@MainActor
final class ItemStoreKeeper {
    static let saveDelay: Duration = .seconds(2)

    private let file: ItemStoreFile
    private let writer: ItemFileWriter
    private let folderLock: DataFolderLock
    /// Another process holds the data folder: nothing is written.
    let isReadOnly: Bool
    private(set) var store: ItemStore
    /// Counts changes, so that saves can be ordered (see `ItemFileWriter`).
    private(set) var changeCount = 0
    /// Something the user should be told at start (a corrupt file moved aside, a newer format).
    let loadNotice: String?
    private var pendingSave: Gtk.Timer?
    /// A save after a change failed; the changes stay in memory and the next save retries.
    let backgroundSaveFailed = Event<ItemStoreFileError>()
    private var savedStore: ItemStore
    /// Why the file must not be written (a newer format, unreadable): no background save is
    /// tried, and closing with changes says they cannot be saved (an unreadable file is read
    /// again then, in case the user has fixed it).
    private var untouchable: ItemStoreFileError?

    var hasUnsavedChanges: Bool { store != savedStore }

    init(file: ItemStoreFile, dataDirectory: URL) {
        self.file = file
        writer = ItemFileWriter(file: file)
        folderLock = DataFolderLock(directory: dataDirectory)
        switch folderLock.acquire() {
        case .acquired:
            isReadOnly = false
        case .heldElsewhere:
            isReadOnly = true
        case .unavailable(let reason):
            isReadOnly = false  // saving will tell the user what is wrong with the folder
            Log.warning(LogDomain.app, "No lock on \(dataDirectory.path): \(reason)")
        }
        do {
            let result = try file.load(repairing: !isReadOnly)
            store = result.store
            loadNotice = result.notice
        } catch {
            store = ItemStore()
            loadNotice = error.message
            // A newer file, or one that cannot be read, is not written over.
            switch error {
            case .newerVersion, .cannotRead: untouchable = error
            case .cannotWrite: break
            }
        }
        savedStore = store
    }

    func update(_ change: (inout ItemStore) -> Void) {
        change(&store)
        changeCount += 1
        guard !isReadOnly, untouchable == nil else { return }
        pendingSave?.cancel()
        pendingSave = MainContext.after(Self.saveDelay) { [weak self] in self?.saveInBackground() }
    }

    /// The store showed these results again: records of them take the newer snapshot.
    func refreshSnapshots(from results: [SearchResult]) {
        var refreshed = store
        guard refreshed.refreshSnapshots(from: results) else { return }
        update { $0 = refreshed }
    }

    /// Encodes and writes on a background thread (a large store takes tens of milliseconds to
    /// encode, too long for the main loop while the user works).
    private func saveInBackground() {
        guard hasUnsavedChanges else { return }
        let snapshot = store
        let change = changeCount
        let writer = writer
        Task {
            let outcome = await Task.detached { () -> Result<Bool, ItemStoreFileError> in
                do throws(ItemStoreFileError) { return .success(try writer.save(snapshot, change: change)) } catch { return .failure(error) }
            }.value
            switch outcome {
            case .success(true): self.savedStore = snapshot
            case .success(false): break  // a later save got there first
            case .failure(let error): self.backgroundSaveFailed.send(error)
            }
        }
    }

    /// Saves now (window closing). Throws what the user must be told.
    func saveNow() throws(ItemStoreFileError) {
        pendingSave?.cancel()
        guard hasUnsavedChanges, !isReadOnly else { return }
        readFileAgainIfItCouldNotBeRead()
        if let untouchable { throw untouchable }  // the newer file is refused by the save itself too
        _ = try writer.save(store, change: changeCount)  // false: a background save already wrote it
        savedStore = store
    }

    /// The file could not be read at start (its permissions, an I/O error). If it can be now (the
    /// user fixed it and chose Try Again), this session's changes go over what it holds.
    private func readFileAgainIfItCouldNotBeRead() {
        guard case .cannotRead? = untouchable else { return }
        do {
            // Nothing is moved or repaired here. A file that is there but damaged is not saved
            // over (that would rotate the last good backup away): the next start recovers it,
            // with the user told. A file the user removed leaves the backup's items to build on.
            let loaded = try file.load(repairing: false)
            if loaded.isDamaged, let notice = loaded.notice, FileManager.default.fileExists(atPath: file.url.path) {
                untouchable = .cannotRead(path: file.url.path, reason: localized("it is damaged"))  // the reason the user is told now
                return Log.warning(LogDomain.app, "\(file.url.path) is not written over: \(notice)")
            }
            var merged = loaded.store
            for record in store.records.values { merged.restore(merged.records[record.id].map(record.merged(over:)) ?? record) }
            untouchable = nil
            update { $0 = merged }  // counted as a change, so My Items follows
        } catch {
            untouchable = error  // still unreadable, or now from a newer version
            Log.warning(LogDomain.app, "\(file.url.path) still cannot be used: \(error.message)")
        }
    }

    /// The window is gone: another process may have the folder now.
    func releaseLock() {
        pendingSave?.cancel()
        folderLock.release()
    }
}
