/// Undo and redo stacks of a window's changes. A new change clears what could be redone; the
/// oldest changes fall off past `limit`.
public struct UndoHistory<Change: Sendable>: Sendable {
    public let limit: Int
    private var undoable: [Change] = []
    private var redoable: [Change] = []

    public init(limit: Int = 50) { self.limit = limit }

    public var canRedo: Bool { !redoable.isEmpty }
    /// The change Undo would take back.
    public var lastChange: Change? { undoable.last }
    /// The change Redo would make again.
    public var nextRedo: Change? { redoable.last }

    /// Every step that can still be undone or redone.
    public var steps: [Change] { undoable + redoable }

    public mutating func record(_ change: Change) {
        undoable.append(change)
        if undoable.count > limit { undoable.removeFirst(undoable.count - limit) }
        redoable.removeAll()
    }

    /// The change to take back; it moves to the redo stack.
    public mutating func undo() -> Change? {
        guard let change = undoable.popLast() else { return nil }
        redoable.append(change)
        return change
    }

    /// The change to make again; it moves back to the undo stack.
    public mutating func redo() -> Change? {
        guard let change = redoable.popLast() else { return nil }
        undoable.append(change)
        return change
    }
}
