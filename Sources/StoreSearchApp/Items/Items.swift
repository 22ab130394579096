import StoreSearchCore

/// The user's items as the window changes them: every change goes through here, into the store
/// (kept and saved by `ItemStoreKeeper`) and onto the undo history, and `changed` tells every
/// view which items it touched. Views only follow `changed`; none of them is told by another.
/// One step of the history is one thing the user did: usually one change, but an action on the
/// open item (`actOnOpenItem`) also holds the typing it committed.
/// The app has one, handed to each part that uses it: the price watch, the search provider and the
/// window all reach the store through it; a window starts its own history (`startHistory`).
@MainActor
package final class Items {
    /// Why items changed, for listeners that follow only some changes.
    enum Cause: Sendable {
        /// The user changed them (or another of their changes joined an action's step).
        case edit
        /// An undo or a redo.
        case undo
        /// Opening an item marked it visited.
        case visit
        /// A store's answer (a search, a chart) gave them a newer snapshot.
        case snapshots
        /// A price check looked them up again: new snapshots, prices and price histories.
        case priceCheck
        /// Another writer's copy of the item file was merged in.
        case merged
    }

    /// What `changed` says: these items changed, for this reason.
    struct Change {
        let ids: Set<String>
        let cause: Cause
    }

    /// Only Items/ reaches the keeper; everyone else asks `Items`.
    let keeper: ItemStoreKeeper
    private var history = UndoHistory<[ItemChange]>(limit: 50)
    /// A window is open to undo in (between `startHistory` and `endHistory`).
    private var hasWindow = false
    /// The step an action on the open item is making: its changes so far, and its notice.
    private var openStep: (changes: [ItemChange], notice: String?)?

    /// Kept items removed from My Items whose removal can still be undone, as the price watch
    /// keeps them up to date: Undo puts an item back with the prices the store showed meanwhile.
    private(set) var removed = ItemStore()

    /// These items changed in the store (a change, an undo, a redo, a visit, a newer snapshot,
    /// a price check, another writer's copy): every view follows the ids it is given.
    let changed = Event<Change>()
    /// Typing not yet committed changed this item's record (`keepDraft`). No view shows it (the
    /// form holding the typing does); a list made from the store takes it with its next change.
    let drafted = Event<String>()
    /// A step went onto the history; `notice` (nil: none) offers to undo it (`undo(ifLatest:)`).
    let stepRecorded = Event<(step: [ItemChange], notice: String?)>()
    /// Commits what is typed in the open item's form, before an action on that item (the form
    /// sets it: its typing and the action are one step).
    var commitTyping: () -> Void = {}
    /// Drafts what is typed in the open item's form now (`keepDraft`), before another writer's
    /// copy is merged (the form sets it).
    var draftTyping: () -> Void = {}

    init(keeper: ItemStoreKeeper) {
        self.keeper = keeper
        keeper.recordsBeforeTyping = { [weak self] in self?.recordsBeforeTyping() ?? [:] }
        // Another writer's copy merged in: every view follows, as after a change here, and Undo
        // takes the whole merge back.
        keeper.changedElsewhere.subscribe { [weak self] change in
            guard let self, case .merged(let ids, _, let step) = change, !ids.isEmpty else { return }
            if !step.isEmpty, hasWindow {
                history.record(step)
                forgetRemovedNoLongerUndoable()
            }
            changed.send(Change(ids: ids, cause: .merged))
        }
    }

    package var store: ItemStore { keeper.store }
    /// False until the item file has been read (in the background, after start).
    package var isLoaded: Bool { keeper.isLoaded }
    /// Another process holds the items: nothing done here is saved.
    var isReadOnly: Bool { keeper.isReadOnly }
    /// What reading the item file found to tell the user (nil: nothing).
    var loadNotice: String? { keeper.loadNotice }
    /// The file was read.
    var loaded: Event<Void> { keeper.loaded }
    /// A save in the background failed (the changes are kept and saved again later).
    var backgroundSaveFailed: Event<ItemStoreFileError> { keeper.backgroundSaveFailed }
    /// Counts the store's changes, drafts and the file's reading too (a copy made at one count
    /// knows whether it is current).
    var changeCount: Int { keeper.changeCount }
    func waitUntilLoaded() async { await keeper.waitUntilLoaded() }
    /// Writes the store now (closing, exit).
    func saveNow() throws(ItemStoreFileError) { try keeper.saveNow() }
    /// Lets another process take the items (the last window closed, the app ends).
    func releaseLock() { keeper.releaseLock() }
    /// Takes the items back in a process that let them go (a window or the background watch again).
    func retakeLock() { keeper.retakeLock() }

    /// A window starts with an empty history (what another window did is not undone here).
    func startHistory() {
        clearHistory()
        hasWindow = true
    }

    /// The window closed (its typing saved): its history goes with it, so its removed kept items
    /// are no longer watched for an Undo and its form is let go; and what comes with no window
    /// open (another writer's copy merged by the background watch) is put on no history.
    func endHistory() {
        clearHistory()
        hasWindow = false
    }

    private func clearHistory() {
        history = UndoHistory<[ItemChange]>(limit: 50)
        openStep = nil
        removed = ItemStore()
        draftBases = [:]
        commitTyping = {}
        draftTyping = {}
    }

    /// A store's answer (a search, a chart) showed these results: records of them take the newer
    /// snapshot, and their views follow.
    func refreshSnapshots(from results: [SearchResult]) {
        let ids = keeper.refreshSnapshots(from: results)
        if !ids.isEmpty { changed.send(Change(ids: ids, cause: .snapshots)) }
    }

    /// A price check's answer goes into the store: snapshots for records that had none
    /// (`missing`), snapshots, prices and price histories for kept items. Announced by
    /// `pricesChecked`, once a check (relisting 10,000 items at each of its 50 answers would cost
    /// the main loop more than a frame each). Returns the price changes and the ids changed.
    func takePriceCheck(_ results: [SearchResult], missing: Set<String>) -> (
        changes: [String: PriceChange], ids: Set<String>
    ) {
        refreshRemovedPrices(from: results)
        let looked = results.filter { missing.contains($0.id) }
        let snapshots = looked.isEmpty ? [] : keeper.refreshSnapshots(from: looked)
        let refreshed = keeper.refreshPrices(from: results.filter { !missing.contains($0.id) })
        return (refreshed.changes, refreshed.ids.union(snapshots))
    }

    /// A price check (or its answered part) changed these items: every view follows.
    func pricesChecked(_ ids: Set<String>) {
        if !ids.isEmpty { changed.send(Change(ids: ids, cause: .priceCheck)) }
    }

    /// Makes a user's change and puts it on the history; `notice` offers Undo. Within
    /// `actOnOpenItem`, the change joins that action's step.
    func record(_ change: ItemChange, notice: String? = nil) {
        let change = withRemovedKept(change), made = overDraft(change)
        keeper.update(ids: [change.id]) { $0.apply(made) }
        if openStep != nil {
            openStep?.changes.append(change)
            if let notice { openStep?.notice = notice }
        } else {
            history.record([change])
            forgetRemovedNoLongerUndoable()
        }
        changed.send(Change(ids: [change.id], cause: .edit))
        if openStep == nil { stepRecorded.send(([change], notice)) }
    }

    /// Carries out an action on the open item (Keep, Hide, Revert, …) from a button, a menu or
    /// an accelerator. An accelerator leaves the focus in the field being typed in, so leaving it
    /// never commits: what is typed is committed first, and Undo takes back the action and that
    /// typing as one step.
    func actOnOpenItem(_ action: () -> Void) {
        guard openStep == nil else { return action() }  // already within one
        openStep = ([], nil)
        commitTyping()
        action()
        guard let step = openStep else { return }
        openStep = nil
        guard !step.changes.isEmpty else { return }
        history.record(step.changes)
        forgetRemovedNoLongerUndoable()
        stepRecorded.send((step.changes, step.notice))
    }

    /// Typing not yet committed goes into the store (and so the file) as it is, on no step of the
    /// history and in no `changed`: the form holding it shows it already (`drafted` says which
    /// record changed), and it becomes a step when committed (`record`, `DetailForm.drafted`).
    func keepDraft(_ change: ItemChange) {
        let id = change.id, current = store.records[id]
        // The record before the typing began, while only its drafts changed its edits since (a
        // newer snapshot or price may have come meanwhile).
        let base =
            draftBases[id].flatMap { $0.after?.edits == current?.edits ? $0 : nil }
            ?? DraftBase(before: current, after: current)
        // Not while the file is still read: the change is made again on the file's record then.
        let restores = keeper.isLoaded
        keeper.update(ids: [id]) { store in  // one record: My Items refolds only it
            store.apply(change)
            // Taken back (typed away, or dropped as the typing is committed): the record as it
            // was, its date changed and another tool's values in those fields too, with what the
            // store said of the item since.
            guard restores, let now = store.records[id], now.edits == (base.before?.edits ?? ItemEdits())
            else { return }
            if let before = base.before { store.restore(before.withStoreFacts(of: now)) } else { store.forget(id) }
        }
        let after = store.records[id]
        draftBases[id] = after?.edits == base.before?.edits ? nil : DraftBase(before: base.before, after: after)
        drafted.send(id)
    }

    /// `change` as it is made on the store: typing committed over its draft goes from what the
    /// draft left, field by field, so the store changes once (the draft is not taken back first)
    /// and a field the draft changed and the typing took back is as it was; the history keeps
    /// `change`, from the record before the typing.
    private func overDraft(_ change: ItemChange) -> ItemChange {
        guard case .edits(_, let after) = change.kind, let base = draftBases.removeValue(forKey: change.id)
        else { return change }
        return ItemChange(result: change.result, kind: .edits(before: base.after?.edits ?? ItemEdits(), after: after))
    }

    /// Another writer's copy is about to be merged: what is typed is drafted, and the records
    /// being typed in are given as they were before the typing. The merge takes the drafts for
    /// the user's changes, so a field another writer changed meanwhile is offered (Use Theirs),
    /// not taken and then typed over.
    private func recordsBeforeTyping() -> [String: ItemRecord?] {
        draftTyping()
        return draftBases.mapValues(\.before)
    }

    /// An item's record before its typing's drafts, and as the last of them left it.
    private struct DraftBase {
        let before: ItemRecord?
        let after: ItemRecord?
    }

    private var draftBases: [String: DraftBase] = [:]

    /// Opening an item marks it visited; it is not on the history (Mark as Unvisited is).
    func markVisited(_ result: SearchResult) {
        guard !store.item(for: result).isVisited else { return }
        keeper.update(ids: [result.id]) { $0.markVisited(result) }
        changed.send(Change(ids: [result.id], cause: .visit))
    }

    /// Takes back the latest step; returns it (nil: nothing to undo).
    @discardableResult
    func undo() -> [ItemChange]? {
        guard let step = history.undo() else { return nil }
        apply(step.reversed().map(\.inverse))
        return step
    }

    /// Undoes `step` if nothing was done since (a notice's Undo takes back only its own step).
    func undo(ifLatest step: [ItemChange]) {
        guard history.lastChange == step else { return }
        undo()
    }

    /// Makes the step undone last again; returns it (nil: nothing to redo).
    @discardableResult
    func redo() -> [ItemChange]? {
        guard let step = history.redo() else { return nil }
        apply(step)
        return step
    }

    /// Redoes `step` if it is the one Redo would make (a notice's Redo makes only its own step).
    func redo(ifNext step: [ItemChange]) {
        guard history.nextRedo == step else { return }
        redo()
    }

    /// Applies `changes` in order (an undo's or a redo's).
    private func apply(_ changes: [ItemChange]) {
        let changes = changes.map(withRemovedKept)
        keeper.update(ids: Set(changes.map(\.id))) { store in
            for change in changes { store.apply(change) }
        }
        changed.send(Change(ids: Set(changes.map(\.id)), cause: .undo))
    }

    /// The price watch looked kept items up again: those removed (and not back) follow too.
    private func refreshRemovedPrices(from results: [SearchResult]) {
        guard !removed.isEmpty else { return }
        _ = removed.refreshPrices(from: results.filter { removed.records[$0.id] != nil && store.records[$0.id] == nil })
    }

    /// A removal that fell off the history (or was dropped with the redo steps) can no longer be
    /// undone: its record is no longer watched.
    private func forgetRemovedNoLongerUndoable() {
        guard !removed.isEmpty else { return }
        let undoable = Set(
            history.steps.joined().compactMap { change -> String? in
                guard case .record(_, nil) = change.kind else { return nil }
                return change.id
            })
        for id in removed.records.keys where !undoable.contains(id) { removed.forget(id) }
    }

    /// `change` as it is to be made now: a removal keeps the record to watch (see `removed`);
    /// putting a record back takes what the store said of the item since it was removed.
    private func withRemovedKept(_ change: ItemChange) -> ItemChange {
        guard case let .record(before, after) = change.kind else { return change }
        guard let after else {
            if let record = store.records[change.id], record.keptAt != nil { removed.restore(record) }
            return change
        }
        guard let newer = store.records[change.id] ?? removed.records[change.id] else { return change }
        removed.forget(change.id)
        return ItemChange(result: change.result, kind: .record(before: before, after: after.withStoreFacts(of: newer)))
    }
}
