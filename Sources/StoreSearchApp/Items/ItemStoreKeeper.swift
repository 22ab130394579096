import Foundation
import Gtk
import StoreSearchCore
import Synchronization

/// Owns the user's item store: reads it at start on a background thread (the window maps at
/// once, whatever the file's size), saves it a couple of seconds after the last change (so
/// `kill -9` or a crash loses at most that), and saves it for good when the window closes or the
/// session ends. Changes made before the file is read apply to the empty store at once and are
/// made again on the file's items when they arrive, so nothing is lost or written over. It holds
/// the data folder's lock while it may write; when another process holds it, the store is
/// read-only: changes stay in this window and are never saved.
@MainActor
final class ItemStoreKeeper {
    static let saveDelay: Duration = .seconds(2)

    let file: ItemStoreFile
    let writer: ItemFileWriter
    private let folderLock: DataFolderLock
    /// Another process holds the data folder: nothing is written.
    private(set) var isReadOnly: Bool
    /// The lock was let go with the window (`releaseLock`) while the process ran on.
    private var isReleased = false
    var store = ItemStore()
    /// The file as this session last read or wrote it, for a merge with another writer's copy.
    var base = ItemStoreBase()
    /// Counts changes, so that saves can be ordered (see `ItemFileWriter`).
    var changeCount = 0
    /// False until the file has been read.
    private(set) var isLoaded = false
    /// The file has been read: what showed the empty store follows the user's items now.
    let loaded = Event<Void>()
    /// Something the user should be told at start (a corrupt file moved aside, a newer format),
    /// known once the file has been read.
    private(set) var loadNotice: String?
    /// The background read, and the changes made before it ended, to make again on its items.
    private let reading = DispatchGroup()
    private let readResult = ReadResult()
    private var changesBeforeLoad: [(inout ItemStore) -> Void] = []
    private var loadWaiters: [CheckedContinuation<Void, Never>] = []
    var pendingSave: Gtk.Timer?
    /// A save after a change failed; the changes stay in memory and the next save retries.
    let backgroundSaveFailed = Event<ItemStoreFileError>()
    /// The change the file holds (a copy of the store as saved would be copied whole by the
    /// next change: the records of 100,000 items on the main thread).
    var savedChange = 0
    /// Why the file must not be written (a newer format, unreadable): no background save is
    /// tried, and closing with changes says they cannot be saved (an unreadable file is read
    /// again then, in case the user has fixed it).
    var untouchable: ItemStoreFileError?
    /// Another writer's copy is being read for a merge (`followOtherWriter`).
    var isMerging = false
    /// Saves writing in the background: a merge waits for them (its base would be the one a save
    /// is about to replace), and runs once they are done (`followWanted`).
    var savesInFlight = 0
    /// `untouchable` is a file another writer left during the session (not the one read at start).
    var isOtherWritersFile = false
    var followWanted = false
    /// Another writer's changes were merged in (see `OtherWriterChange`).
    let changedElsewhere = Event<OtherWriterChange>()
    /// Watches the data folder for another writer's copy of the file.
    var monitor: DirectoryMonitor?
    /// Conflict copies already offered for merging.
    var offeredCopies: Set<URL> = []
    /// Drafts what is being typed and returns those records as they were before the typing,
    /// for a merge with another writer's copy (`Items` sets it).
    var recordsBeforeTyping: () -> [String: ItemRecord?] = { [:] }

    var hasUnsavedChanges: Bool { changeCount != savedChange }

    /// `beforeReading` runs on the reading thread first (tests hold the read with it).
    init(file: ItemStoreFile, dataDirectory: URL, beforeReading: @escaping @Sendable () -> Void = {}) {
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
        let repairing = !isReadOnly
        reading.enter()
        DispatchQueue.global(qos: .userInitiated).async { [file, readResult, reading] in
            beforeReading()
            // Taken first: a file another writer replaces while it is read is merged after.
            let identity = FileIdentity(of: file.url)
            let result = Result { () throws(ItemStoreFileError) in try file.load(repairing: repairing) }
            let repaired = (try? result.get())?.isDamaged == true && repairing
            readResult.value.withLock { $0 = (result, repaired ? FileIdentity(of: file.url) : identity) }
            reading.leave()
            Task { @MainActor [weak self] in self?.finishLoading() }
        }
    }

    /// Waits for the file to be read, for what must have the user's items (a save at close).
    /// The read runs on another thread, so this never waits on the main loop.
    func finishLoadingNow() {
        guard !isLoaded else { return }
        reading.wait()
        finishLoading()
    }

    /// Returns once the file has been read (the search provider's first answer waits for it).
    func waitUntilLoaded() async {
        guard !isLoaded else { return }
        await withCheckedContinuation { loadWaiters.append($0) }
    }

    /// Takes the file's items, makes again on them the changes made meanwhile, and tells the window.
    private func finishLoading() {
        guard !isLoaded, let (result, identity) = readResult.value.withLock({ $0.take() }) else { return }
        writer.read(identity)
        switch result {
        case .success(let loaded):
            store = loaded.store
            loadNotice = loaded.notice
        case .failure(let error):
            store = ItemStore()
            loadNotice = error.message
            // A newer file, or one that cannot be read, is not written over.
            switch error {
            case .newerVersion, .cannotRead: untouchable = error
            case .cannotWrite: break
            }
        }
        isLoaded = true
        let changes = changesBeforeLoad
        changesBeforeLoad = []
        // Counted as a change either way: what keeps a copy of the store by its count (the
        // search provider) makes it again.
        changeCount += 1
        savedChange = changeCount
        if !changes.isEmpty { update(ids: nil) { store in changes.forEach { $0(&store) } } }
        loaded.send(())
        loadWaiters.forEach { $0.resume() }
        loadWaiters = []
        watchForOtherWriters()
    }

    /// Changes the store, to be saved a moment later; `ids`: the records the change touches (nil:
    /// any may), which the next merge with another writer's copy compares.
    func update(ids: Set<String>? = nil, _ change: @escaping (inout ItemStore) -> Void) {
        if isLoaded { base.willChange(store, ids: ids) }
        change(&store)
        changeCount += 1
        guard isLoaded else { return changesBeforeLoad.append(change) }
        scheduleSave()
    }

    /// Saves a moment later (after the last of a run of changes). A process that let the folder
    /// go with its window and runs on (started by D-Bus, asked to check prices) takes it back
    /// first: never written without the lock, nor when another process took it meanwhile.
    func scheduleSave() {
        if isReleased { retakeLock() }
        guard !isReadOnly, untouchable == nil else { return }
        pendingSave?.cancel()
        pendingSave = MainContext.after(Self.saveDelay) { [weak self] in self?.saveInBackground() }
    }

    /// The store showed these results again: records of them take the newer snapshot.
    /// Before the file is read there is no record to refresh: `followStore` asks again after.
    /// Returns the ids of the records that may have changed (none: none did).
    @discardableResult
    func refreshSnapshots(from results: [SearchResult]) -> Set<String> {
        // In place: a copy to compare would copy every record.
        guard isLoaded else { return [] }
        let ids = Set(results.lazy.map(\.id).filter { self.store.records[$0] != nil })
        guard !ids.isEmpty else { return [] }
        base.willChange(store, ids: ids)
        guard store.refreshSnapshots(from: results) else { return [] }
        changeCount += 1
        scheduleSave()
        return ids
    }

    /// The kept items' prices were looked up again: their snapshots and price histories follow.
    /// Returns the price changes and the ids of the records that changed (none before the file is
    /// read: there is nothing kept yet). Only the answer's records are compared (the whole store
    /// is neither copied nor compared: 10,000 kept items are looked up 200 at a time).
    @discardableResult
    func refreshPrices(from results: [SearchResult], at date: Date = .nowToTheSecond) -> (
        changes: [String: PriceChange], ids: Set<String>
    ) {
        guard isLoaded else { return ([:], []) }
        let changed = ItemStore.unambiguous(results).filter { result in
            store.records[result.id].map { $0.keptAt != nil && $0.snapshot != result.snapshot } ?? false
        }
        guard !changed.isEmpty else { return ([:], []) }
        var changes: [String: PriceChange] = [:]
        let ids = Set(changed.map(\.id))
        update(ids: ids) { changes = $0.refreshPrices(from: changed, at: date) }
        return (changes, ids)
    }

    /// Encodes and writes on a background thread (a large store takes tens of milliseconds to
    /// encode, too long for the main loop while the user works).
    private func saveInBackground() {
        guard hasUnsavedChanges, !isMerging else { return }
        let snapshot = store
        let change = changeCount
        let writer = writer
        // What changes from now on is counted from the file this save writes.
        let savingBase = base
        base = ItemStoreBase()
        savesInFlight += 1
        Task {
            let outcome = await Task.detached { () -> Result<ItemFileWriter.Saved, ItemStoreFileError> in
                do throws(ItemStoreFileError) { return .success(try writer.save(snapshot, change: change)) } catch {
                    return .failure(error)
                }
            }.value
            self.savesInFlight -= 1
            defer { self.followOtherWriterIfWanted() }
            switch outcome {
            case .success(.written):
                self.savedChange = max(self.savedChange, change)
                self.base.follows(savingBase)
            case .success(.older): break  // a later save got there first
            case .success(.changedElsewhere):
                self.base = savingBase.followed(by: self.base)
                self.followOtherWriter()  // merged first, then saved
            case .failure(let error):
                self.base = savingBase.followed(by: self.base)
                self.backgroundSaveFailed.send(error)
            }
        }
    }

    /// Saves now (window closing). Throws what the user must be told.
    func saveNow() throws(ItemStoreFileError) {
        finishLoadingNow()
        pendingSave?.cancel()
        if isReleased, hasUnsavedChanges { retakeLock() }  // see `scheduleSave`
        guard hasUnsavedChanges, !isReadOnly else { return }
        readFileAgainIfItCouldNotBeRead()
        if let untouchable { throw untouchable }  // the newer file is refused by the save itself too
        // Another writer's copy is merged first, never written over (twice: it may land meanwhile).
        for _ in 0..<2 where writer.isChangedElsewhere {
            mergeOtherWriter(ItemFileRead(file))
            if let untouchable { throw untouchable }
        }
        switch try writer.save(store, change: changeCount) {
        case .changedElsewhere:
            return Log.warning(
                LogDomain.app, "\(file.url.path) keeps changing under another writer: not written at close")
        case .written:
            // The file holds the store: the base of a later merge (the keeper may outlive the
            // window, watching prices in the background).
            let saved = base
            base = ItemStoreBase()
            base.follows(saved)
        case .older: break  // a background save wrote it
        }
        savedChange = changeCount
    }

    /// The file could not be read at start (its permissions, an I/O error). If it can be now (the
    /// user fixed it and chose Try Again), this session's changes go over what it holds.
    private func readFileAgainIfItCouldNotBeRead() {
        guard case .cannotRead? = untouchable else { return }
        // Another writer's file, read and merged during the session: merged again, three-way
        // (laying this session's whole store over it would undo that writer's changes).
        if isOtherWritersFile { return mergeOtherWriter(ItemFileRead(file)) }
        do {
            // Nothing is moved or repaired here. A file that is there but damaged is not saved
            // over (that would rotate the last good backup away): the next start recovers it,
            // with the user told. A file the user removed leaves the backup's items to build on.
            let identity = FileIdentity(of: file.url)
            let loaded = try file.load(repairing: false)
            if loaded.isDamaged, let notice = loaded.notice, FileManager.default.fileExists(atPath: file.url.path) {
                // the reason the user is told now
                untouchable = .cannotRead(path: file.url.path, reason: localized("it is damaged"))
                return Log.warning(LogDomain.app, "\(file.url.path) is not written over: \(notice)")
            }
            var merged = loaded.store
            for record in store.records.values {
                merged.restore(merged.records[record.id].map(record.merged(over:)) ?? record)
            }
            untouchable = nil
            let ids = Set(merged.records.keys.filter { merged.records[$0] != store.records[$0] })
            update(ids: ids) { $0 = merged }
            base = ItemStoreBase(file: loaded.store)  // what the file holds, read now
            writer.read(identity)
            changedElsewhere.send(.merged(ids: ids, conflicts: [], step: []))
        } catch {
            untouchable = error  // still unreadable, or now from a newer version
            Log.warning(LogDomain.app, "\(file.url.path) still cannot be used: \(error.message)")
        }
    }

    /// The window is gone: another process may have the folder now.
    func releaseLock() {
        pendingSave?.cancel()
        monitor?.cancel()
        monitor = nil
        folderLock.release()
        isReleased = true
    }

    /// A window opens again, or the background watch starts, in a process that let the folder go
    /// with its last window: the lock is taken again (read-only if another process took it
    /// meanwhile), the folder watched again, and what another writer did meanwhile merged in.
    /// A session that was read-only stays so (its changes were never to be saved).
    func retakeLock() {
        guard isReleased, !isReadOnly else { return }
        isReleased = false
        switch folderLock.acquire() {
        case .acquired: break
        case .heldElsewhere:
            isReadOnly = true
            pendingSave?.cancel()
            return Log.warning(LogDomain.app, "Another process took \(file.url.path) meanwhile: read-only now")
        case .unavailable(let reason):
            Log.warning(LogDomain.app, "No lock on the data folder again: \(reason)")
        }
        guard isLoaded else { return }  // reading it starts the watch
        watchForOtherWriters()
        followOtherWriter()
    }
}

/// The background read's outcome, handed from its thread to the main one.
private final class ReadResult: Sendable {
    let value = Mutex<(Result<ItemStoreFile.Loaded, ItemStoreFileError>, FileIdentity?)?>(nil)
}
