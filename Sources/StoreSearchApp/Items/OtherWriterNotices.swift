import Foundation
import StoreSearchCore

/// Tells the user what another writer of the item file did (issue #46): how many items changed in
/// another copy (with Undo, which takes the merge back); a field both sides changed, with the other
/// value to take instead ("Use Theirs", with Undo as any edit); a removed file written again; a
/// file left unusable and not written over.
@MainActor
final class OtherWriterNotices {
    private let items: Items
    private let notices: NoticesController

    init(items: Items, notices: NoticesController) {
        self.items = items
        self.notices = notices
        items.keeper.changedElsewhere.subscribe { [weak self] change in self?.show(change) }
        items.keeper.offerConflictCopiesAgain()
    }

    private func show(_ change: OtherWriterChange) {
        switch change {
        case .merged(let ids, let conflicts, let step):
            if !conflicts.isEmpty { return offer(conflicts) }
            guard !ids.isEmpty else { return }
            let text = String(
                format: localizedPlural(
                    "%ld item changed in another copy", "%ld items changed in another copy", ids.count),
                ids.count)
            guard !step.isEmpty else { return notices.show(text) }
            // Undo takes the whole merge back (and the next save writes the file so).
            notices.showUndo(text) { [weak self] in
                self?.notices.endUndoNotice()
                self?.items.undo(ifLatest: step)
            }
        case .removed:
            notices.show(
                localized("Your items file was removed by another program. StoreSearch wrote it again."),
                lasting: true)
        case .conflictCopy(let copy):
            notices.show(
                String(format: localized("Another copy of your items was found (%@)."), copy.lastPathComponent),
                button: localized("Merge"), lasting: true
            ) { [weak self] in self?.items.keeper.mergeConflictCopy(copy) }
        case .unusable(let reason):
            notices.show(
                String(
                    format: localized(
                        "Another program changed your items file, which cannot be used now (%@). It is not written over."
                    ),
                    reason), lasting: true)
        }
    }

    /// "“Kuzu Kuzu”: the notes also changed in another copy." (naming the first), with Use Theirs
    /// for all of them.
    private func offer(_ conflicts: [ItemMerge.Conflict]) {
        let conflict = conflicts[0], more = conflicts.count - 1
        guard let record = items.store.records[conflict.id] else { return }
        let name = record.edits.name ?? record.snapshot?.name ?? conflict.id
        var text = String(
            format: localized("“%1$@”: %2$@ also changed in another copy."), name, Self.fieldName(conflict.field))
        if more > 0 {
            text += " " + String(format: localizedPlural("%ld more field too.", "%ld more fields too.", more), more)
        }
        notices.show(text, button: localized("Use Theirs"), lasting: true) { [weak self] in
            self?.useTheirs(conflicts)
        }
    }

    /// Every field the other copy changed too takes its value: one step, undone at once.
    private func useTheirs(_ conflicts: [ItemMerge.Conflict]) {
        items.actOnOpenItem {
            for (id, fields) in Dictionary(grouping: conflicts, by: \.id) {
                guard let record = items.store.records[id] else { continue }
                let result = record.snapshot ?? SearchResult(id: id, name: "", kind: .other(""))
                let after = fields.reduce(record.edits) { $1.field.take(from: $1.theirs, into: $0) }
                items.record(ItemChange(result: result, kind: .edits(before: record.edits, after: after)))
            }
        }
    }

    private static func fieldName(_ field: ItemMerge.EditField) -> String {
        switch field {
        case .name: localized("the name")
        case .artist: localized("the artist")
        case .price: localized("the price")
        case .releaseDate: localized("the release date")
        case .notes: localized("the notes")
        }
    }
}
