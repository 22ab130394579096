import Foundation

/// The item file as this session last read or wrote it, the base of a three-way merge with
/// another writer's copy (`ItemMerge`). Kept as the records changed since, with their values
/// then: a copy of the whole store would be copied whole by the next change (100,000 records).
public struct ItemStoreBase: Sendable {
    /// Records changed since, as they were (nil inside: there was none).
    private var before: [String: ItemRecord?] = [:]
    /// The records the last save changed, as they were before it: another writer that read the
    /// file just before that save and wrote after it holds these values, and changed nothing of them.
    private var beforeLastSave: [String: ItemRecord?] = [:]
    private var otherFields: [String: PlistValue]?
    /// The whole base, where it is known whole (another writer's file just read) or a change
    /// touched any record.
    private var whole: ItemStore?
    /// Records whose base is not the file's (`before(typing:)`).
    private var overridden: [String: ItemRecord?] = [:]

    public init() {}

    /// The file holds `store` (another writer's, just read): the base is all of it.
    public init(file store: ItemStore) { whole = store }

    /// `store` is about to change the records `ids` (nil: any may change).
    public mutating func willChange(_ store: ItemStore, ids: Set<String>?) {
        guard whole == nil else { return }
        guard let ids else { return whole = store }
        for id in ids where before[id] == nil { before[id] = .some(store.records[id]) }
        if otherFields == nil { otherFields = store.otherFields }
    }

    /// Record `id` as the file holds it, `store` being the store now.
    public func record(_ id: String, in store: ItemStore) -> ItemRecord? {
        if let base = overridden[id] { return base }
        if let whole { return whole.records[id] }
        if let saved = before[id] { return saved }
        return store.records[id]
    }

    /// Whether `theirs` is record `id` as it was before the last save (another writer's copy
    /// made from the file this session replaced meanwhile): not a change of theirs.
    public func isFromBeforeLastSave(_ id: String, _ theirs: ItemRecord?) -> Bool {
        guard whole == nil, let earlier = beforeLastSave[id] else { return false }
        return earlier == theirs
    }

    /// A save of the base `saved` was written: this base (the changes since) also knows what
    /// that save changed.
    public mutating func follows(_ saved: ItemStoreBase) {
        guard saved.whole == nil else { return }
        beforeLastSave = saved.before
    }

    /// This base with the records being typed in as they were before the typing: its drafts are
    /// the user's changes (saved or not), which another writer's change to that field conflicts with.
    public func before(typing records: [String: ItemRecord?]) -> ItemStoreBase {
        var base = self
        base.overridden.merge(records) { _, typing in typing }
        return base
    }

    public func otherFields(in store: ItemStore) -> [String: PlistValue] {
        whole?.otherFields ?? otherFields ?? store.otherFields
    }

    /// This base with the changes made after it (`later`), where a save of it failed: each
    /// record's oldest value is the file's.
    public func followed(by later: ItemStoreBase) -> ItemStoreBase {
        guard whole == nil else { return self }
        guard later.whole == nil else { return later }
        var combined = self
        combined.before.merge(later.before) { older, _ in older }
        combined.otherFields = otherFields ?? later.otherFields
        return combined
    }
}
