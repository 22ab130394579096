import Foundation

/// One change the user made to one item, with what it replaced, so it can be undone and redone.
public struct ItemChange: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The detail form's fields (a field edit, or Revert Changes).
        case edits(before: ItemEdits, after: ItemEdits)
        case hidden(Bool)
        /// When the item was first opened; nil: not visited.
        case visited(before: Date?, after: Date?)
        /// "Keep in My Items" on or off.
        case kept(Bool)
        /// The whole record ("Remove from My Items" forgets it: `after` is nil).
        case record(before: ItemRecord?, after: ItemRecord?)
        /// The store a kept item's price is watched in ("Watch in This Store Instead").
        case watchedStore(before: WatchedStore, after: WatchedStore)
    }

    public let result: SearchResult
    public let kind: Kind

    public init(result: SearchResult, kind: Kind) {
        self.result = result
        self.kind = kind
    }

    public var id: String { result.id }

    /// The change that takes this one back.
    public var inverse: ItemChange {
        switch kind {
        case let .edits(before, after): ItemChange(result: result, kind: .edits(before: after, after: before))
        case .hidden(let hidden): ItemChange(result: result, kind: .hidden(!hidden))
        case let .visited(before, after): ItemChange(result: result, kind: .visited(before: after, after: before))
        case .kept(let kept): ItemChange(result: result, kind: .kept(!kept))
        case let .record(before, after): ItemChange(result: result, kind: .record(before: after, after: before))
        case let .watchedStore(before, after):
            ItemChange(result: result, kind: .watchedStore(before: after, after: before))
        }
    }
}

extension ItemStore {
    /// Makes `change` true of the store.
    public mutating func apply(_ change: ItemChange, at date: Date = .nowToTheSecond) {
        switch change.kind {
        case let .edits(before, after):
            setEdits(
                Self.edits(records[change.id]?.edits ?? ItemEdits(), changedFrom: before, to: after), for: change.result
            )
        case .hidden(true): hide(change.result, at: date)
        case .hidden(false): unhide(change.id)
        case .visited(_, let after?): markVisited(change.result, at: after)
        case .visited(_, nil): markUnvisited(change.id)
        case .kept(true): keep(change.result, at: date)
        case .kept(false): unkeep(change.id, at: date)
        case .record(_, let after?): restore(after)
        case .record(_, nil): forget(change.id)
        case .watchedStore(_, let after): watch(change.id, in: after, at: date)
        }
    }

    public func isHidden(_ id: String) -> Bool { records[id]?.hiddenAt != nil }

    /// `current` with the fields that differ between `before` and `after` set as in `after`: a
    /// change made while the item file was still being read (from an item without the file's
    /// edits) sets what the user changed and keeps the rest of what the file holds.
    public static func edits(_ current: ItemEdits, changedFrom before: ItemEdits, to after: ItemEdits) -> ItemEdits {
        var edits = current
        if before.name != after.name { edits.name = after.name }
        if before.artist != after.artist { edits.artist = after.artist }
        if before.price != after.price { edits.price = after.price }
        if before.releaseDate != after.releaseDate { edits.releaseDate = after.releaseDate }
        if before.notes != after.notes { edits.notes = after.notes }
        return edits
    }
}
