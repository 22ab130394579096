import StoreSearchCore

/// A step of the undo history in words, for the notice that says what Ctrl+Z or Ctrl+Shift+Z did:
/// the step may change an item that is nowhere on screen (an earlier Keep), and a user who sees
/// nothing happen presses again and undoes more.
enum StepDescription {
    /// "Undone: Keep “Kuzu Kuzu”".
    static func undone(_ step: [ItemChange], in store: ItemStore) -> String {
        String(format: localized("Undone: %@"), action(step, in: store))
    }

    /// "Redone: Keep “Kuzu Kuzu”".
    static func redone(_ step: [ItemChange], in store: ItemStore) -> String {
        String(format: localized("Redone: %@"), action(step, in: store))
    }

    /// The step as the action the user took ("Keep “Kuzu Kuzu”"). An action on the open item
    /// carries the typing it committed: the action names the step.
    static func action(_ step: [ItemChange], in store: ItemStore) -> String {
        guard let change = step.last(where: { !$0.isEdit }) ?? step.last else { return "" }
        // several records at once: another copy merged in
        if step.count > 1, step.allSatisfy({ if case .record = $0.kind { true } else { false } }) {
            return String(
                format: localizedPlural("Changes to %ld item", "Changes to %ld items", step.count), step.count)
        }
        let name = store.item(for: change.result).name
        let format: String
        switch change.kind {
        case .kept(true): format = localized("Keep “%@”")
        case .kept(false): format = localized("Stop Keeping “%@”")
        case .hidden(true): format = localized("Hide “%@”")
        case .hidden(false): format = localized("Restore “%@”")
        case .visited(_, nil): format = localized("Mark “%@” as Unvisited")
        case .visited: format = localized("Visit of “%@”")
        case .edits(_, let after) where after == ItemEdits(): format = localized("Revert Changes to “%@”")
        case .edits: format = localized("Edit of “%@”")
        case .record(_, nil): format = localized("Remove “%@” from My Items")
        case .record: format = localized("Change to “%@”")
        case .watchedStore: format = localized("Watch “%@” in Another Store")
        }
        return String(format: format, name)
    }
}

extension ItemChange {
    fileprivate var isEdit: Bool {
        if case .edits = kind { return true }
        return false
    }
}
