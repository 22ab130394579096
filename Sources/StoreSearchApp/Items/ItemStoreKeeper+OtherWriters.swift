import Foundation
import Gtk
import StoreSearchCore

/// What another writer of the item file (a sync tool, a second machine, a script) did, once this
/// session followed it (issue #46).
enum OtherWriterChange {
    /// Its copy was merged in: the records that changed here, and the fields both sides changed;
    /// `step` is the merge as one step of the undo history (each record before and after it).
    case merged(ids: Set<String>, conflicts: [ItemMerge.Conflict], step: [ItemChange])
    /// It removed the file: written again from this session's items.
    case removed
    /// It left a file that cannot be used (damaged, a newer format, unreadable): not written over.
    case unusable(String)
    /// A sync tool left a conflict copy beside the file, to merge (`mergeConflictCopy`).
    case conflictCopy(URL)
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
            if ConflictCopies.isConflictCopy(changed, of: name) { self?.offerConflictCopies() }
            guard changed == name else { return }
            pending?.cancel()
            pending = MainContext.after(.milliseconds(200)) { self?.followOtherWriter() }
        }
        offerConflictCopies()
    }

    /// Offers each conflict copy a sync tool left beside the file, once.
    func offerConflictCopies() {
        for copy in ConflictCopies.find(besides: file.url) where !offeredCopies.contains(copy) {
            offeredCopies.insert(copy)
            changedElsewhere.send(.conflictCopy(copy))
        }
    }

    /// A window opens: the conflict copies still beside the file are offered again (one found
    /// with no window open, the background watch running, was offered to no one; a closed
    /// window's notice is gone). Before the file is read, reading it offers them.
    func offerConflictCopiesAgain() {
        guard monitor != nil else { return }
        offeredCopies.removeAll()
        offerConflictCopies()
    }

    /// Merges a sync tool's conflict copy and moves it aside; read and merged off the main thread
    /// (100,000 records are compared), made again here if the store changed meanwhile. Its base
    /// is not known: what either copy holds is kept, a field the two hold differently stays the
    /// user's and theirs is offered.
    func mergeConflictCopy(_ copy: URL) {
        let change = changeCount
        let input = Handover(store)  // handed over, not captured (see `followOtherWriter`)
        Task {
            let (read, merged) = await Task.detached { () -> (ItemFileRead, ItemMerge.Outcome?) in
                let mine = input.take()
                let read = ItemFileRead(ItemStoreFile(url: copy))
                guard case .success(let loaded) = read.result, read.identity != nil else { return (read, nil) }
                return (read, Self.merge(mine: mine, copy: loaded.store))
            }.value
            guard case .success(let loaded) = read.result, read.identity != nil, let merged else {
                return self.changedElsewhere.send(.unusable(localized("the other copy could not be read")))
            }
            let outcome = self.changeCount == change ? merged : Self.merge(mine: self.store, copy: loaded.store)
            let ids = Set(outcome.changed.keys), before = self.store.records(ids)
            self.update(ids: ids) { $0.take(outcome) }
            do {
                try FileManager.default.moveItem(at: copy, to: ConflictCopies.asideURL(for: copy))
            } catch {
                Log.warning(LogDomain.app, "Could not move the merged \(copy.path) aside: \(error)")
            }
            self.changedElsewhere.send(
                .merged(ids: ids, conflicts: outcome.conflicts, step: Self.step(from: before, to: self.store)))
        }
    }

    private nonisolated static func merge(mine: ItemStore, copy: ItemStore) -> ItemMerge.Outcome {
        ItemMerge.merge(mine: mine, theirs: copy, base: { _ in nil }, baseOtherFields: [:])
    }

    /// The merge that changed the records `before` into what `store` holds, as changes to undo.
    static func step(from before: [String: ItemRecord?], to store: ItemStore) -> [ItemChange] {
        before.keys.sorted().compactMap { id in
            let was = before[id] ?? nil, now = store.records[id]
            guard was != now else { return nil }
            let result = now?.snapshot ?? was?.snapshot ?? SearchResult(id: id, name: "", kind: .other(""))
            return ItemChange(result: result, kind: .record(before: was, after: now))
        }
    }

    /// Reads the file in the background if another writer changed it, and merges it there too
    /// (100,000 records are compared); the merge is made again here if the store changed meanwhile.
    /// What is typed is drafted first (`recordsBeforeTyping`), only for another writer's copy:
    /// this session's own saves, which the folder's watch sees too, leave the typing's pause alone.
    func followOtherWriter() {
        guard isLoaded, !isReadOnly, !isMerging else { return }
        guard savesInFlight == 0 else { return followWanted = true }
        isMerging = true
        let writer = writer
        Task {
            guard await Task.detached(operation: { writer.isChangedElsewhere }).value else {
                self.isMerging = false
                if self.hasUnsavedChanges { self.scheduleSave() }  // a save skipped meanwhile is made now
                return
            }
            self.mergeOtherWritersCopy()
        }
    }

    /// Reads another writer's copy and merges it, both in the background.
    private func mergeOtherWritersCopy() {
        let typing = recordsBeforeTyping()  // first: it may draft what is typed
        let file = file, change = changeCount
        // Handed over, not captured: a copy of the store still held here when the merge is taken
        // would make that change copy all of it (10,000 records) on the main thread.
        let input = Handover((mine: store, base: base.before(typing: typing)))
        Task {
            let (read, outcome) = await Task.detached { () -> (ItemFileRead, ItemMerge.Outcome?) in
                let (mine, base) = input.take()
                let read = ItemFileRead(file)
                guard read.identity != nil, case .success(let loaded) = read.result, !loaded.isDamaged else {
                    return (read, nil)
                }
                return (read, Self.merge(mine: mine, base: base, theirs: loaded.store))
            }.value
            self.isMerging = false
            self.mergeOtherWriter(read, merged: self.changeCount == change ? outcome : nil)
            self.followOtherWriter()  // changed again while it was read
        }
    }

    /// A follow asked for while a save was writing, once no save writes.
    func followOtherWriterIfWanted() {
        guard followWanted, savesInFlight == 0 else { return }
        followWanted = false
        followOtherWriter()
    }

    private nonisolated static func merge(mine: ItemStore, base: ItemStoreBase, theirs: ItemStore) -> ItemMerge.Outcome
    {
        ItemMerge.merge(
            mine: mine, theirs: theirs, base: { base.record($0, in: mine) },
            baseOtherFields: base.otherFields(in: mine),
            unseen: base.isFromBeforeLastSave)
    }

    /// Takes another writer's file: merged in (`merged`: the merge made with the store as it is),
    /// written again when it was removed, or left alone when it cannot be used.
    func mergeOtherWriter(_ read: ItemFileRead, merged: ItemMerge.Outcome? = nil) {
        guard read.identity != nil else {
            untouchable = nil  // nothing is there to be written over
            isOtherWritersFile = false
            writer.read(nil)
            base = ItemStoreBase(file: ItemStore())
            mustSave()  // every item is to be written
            return changedElsewhere.send(.removed)
        }
        switch read.result {
        case .failure(let error):
            untouchable = error
            isOtherWritersFile = true
            changedElsewhere.send(.unusable(error.message))
        case .success(let loaded) where loaded.isDamaged:
            untouchable = .cannotRead(path: file.url.path, reason: localized("it is damaged"))
            isOtherWritersFile = true
            changedElsewhere.send(.unusable(loaded.notice ?? localized("it is damaged")))
        case .success(let loaded):
            untouchable = nil  // readable again
            isOtherWritersFile = false
            let typing = merged == nil ? recordsBeforeTyping() : [:]  // first: it may draft what is typed
            let outcome = merged ?? Self.merge(mine: store, base: base.before(typing: typing), theirs: loaded.store)
            take(outcome, of: loaded.store, identity: read.identity)
        }
    }

    /// The store is to be written though none of its records changed (the file lacks what it holds).
    private func mustSave() {
        changeCount += 1  // a save of the change count the file holds would be skipped as older
        scheduleSave()
    }

    private func take(_ outcome: ItemMerge.Outcome, of theirs: ItemStore, identity: FileIdentity?) {
        // The last base may hold another writer's whole store: let go off the main thread.
        Handover(base).dropInBackground()
        base = ItemStoreBase(file: theirs)
        writer.read(identity)
        let ids = Set(outcome.changed.keys), before = store.records(ids)
        if !ids.isEmpty || outcome.otherFields != store.otherFields {
            store.take(outcome)
            changeCount += 1
        }
        if outcome.differsFromTheirs {
            mustSave()
        } else {
            savedChange = changeCount  // the file holds the store
        }
        changedElsewhere.send(
            .merged(ids: ids, conflicts: outcome.conflicts, step: Self.step(from: before, to: store)))
    }
}

extension ItemStore {
    /// The records of `ids` as they are (nil: none).
    fileprivate func records(_ ids: Set<String>) -> [String: ItemRecord?] {
        Dictionary(uniqueKeysWithValues: ids.map { ($0, records[$0]) })
    }
}
