import Foundation
import Gtk
import StoreSearchCore

/// What another writer of the item file (a sync tool, a second machine, a script) did, once this
/// session followed it (issue #46).
enum OtherWriterChange {
    /// Its copy was merged in: the records that changed here, and the fields both sides changed.
    case merged(ids: Set<String>, conflicts: [ItemMerge.Conflict])
    /// It removed the file: written again from this session's items.
    case removed
    /// It left a file that cannot be used (damaged, a newer format, unreadable): not written over.
    case unusable(String)
}

/// The item file as read off the main thread for a merge: what it was when read, and its items.
struct ItemFileRead: Sendable {
    let identity: FileIdentity?
    let result: Result<ItemStoreFile.Loaded, ItemStoreFileError>

    /// Reads `file` now (blocking: off the main thread). Nothing is moved or repaired: the file
    /// is another writer's.
    init(_ file: ItemStoreFile) {
        identity = FileIdentity(of: file.url)
        result = Result { () throws(ItemStoreFileError) in try file.load(repairing: false) }
    }
}

/// Another writer's copy of the item file: noticed by watching the data folder (a rename replaces
/// the file) and before every save, read off the main thread, and merged three-way against the
/// version this session last read or wrote. Never written over unread.
extension ItemStoreKeeper {
    /// Watches the data folder once the file is read; a change to the item file is followed a
    /// moment after the last event of a burst (a sync tool writes, then renames).
    func watchForOtherWriters() {
        guard !isReadOnly, monitor == nil else { return }
        monitor = DirectoryMonitor(directory: file.url.deletingLastPathComponent())
        var pending: Gtk.Timer?
        let name = file.url.lastPathComponent
        monitor?.onChange { [weak self] changed in
            guard changed == name else { return }
            pending?.cancel()
            pending = MainContext.after(.milliseconds(200)) { self?.followOtherWriter() }
        }
    }

    /// Reads the file in the background if another writer changed it, then merges it in.
    func followOtherWriter() {
        guard isLoaded, !isReadOnly, !isMerging else { return }
        isMerging = true
        let file = file, writer = writer
        Task {
            let read = await Task.detached { writer.isChangedElsewhere ? ItemFileRead(file) : nil }.value
            self.isMerging = false
            guard let read else { return }
            self.mergeOtherWriter(read)
            self.followOtherWriter()  // changed again while it was read
        }
    }

    /// Takes another writer's file: merged in, written again when it was removed, or left alone
    /// when it cannot be used.
    func mergeOtherWriter(_ read: ItemFileRead) {
        guard read.identity != nil else {
            writer.read(nil)
            base = ItemStoreBase(file: ItemStore())
            mustSave()  // every item is to be written
            return changedElsewhere.send(.removed)
        }
        switch read.result {
        case .failure(let error):
            untouchable = error
            changedElsewhere.send(.unusable(error.message))
        case .success(let loaded) where loaded.isDamaged:
            untouchable = .cannotRead(path: file.url.path, reason: localized("it is damaged"))
            changedElsewhere.send(.unusable(loaded.notice ?? localized("it is damaged")))
        case .success(let loaded):
            untouchable = nil  // readable again
            merge(loaded.store, identity: read.identity)
        }
    }

    /// The store is to be written though none of its records changed (the file lacks what it holds).
    private func mustSave() {
        count(ids: [])  // a save of the change count the file holds would be skipped as older
        scheduleSave()
    }

    private func merge(_ theirs: ItemStore, identity: FileIdentity?) {
        let base = base, mine = store
        let outcome = ItemMerge.merge(
            mine: mine, theirs: theirs, base: { base.record($0, in: mine) }, baseOtherFields: base.otherFields(in: mine)
        )
        self.base = ItemStoreBase(file: theirs)
        writer.read(identity)
        let ids = Set(outcome.changed.keys)
        if !ids.isEmpty || outcome.otherFields != store.otherFields {
            store.take(outcome)
            count(ids: ids)
        }
        if outcome.differsFromTheirs {
            mustSave()
        } else {
            savedChange = changeCount  // the file holds the store
        }
        changedElsewhere.send(.merged(ids: ids, conflicts: outcome.conflicts))
    }
}
