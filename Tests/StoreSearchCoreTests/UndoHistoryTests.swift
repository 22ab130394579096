import Foundation
import XCTest
@testable import StoreSearchCore

final class UndoHistoryTests: XCTestCase {
    private let song = SearchResult(id: "1", name: "Kuzu Kuzu", kind: .song)

    func testUndoAndRedoWalkBackAndForthAndANewChangeClearsRedo() {
        var history = UndoHistory<Int>(limit: 20)
        (1...3).forEach { history.record($0) }
        XCTAssertEqual(history.undo(), 3)
        XCTAssertEqual(history.undo(), 2)
        XCTAssertEqual(history.redo(), 2)
        history.record(4)
        XCTAssertFalse(history.canRedo, "a new change ends the redo chain")
        XCTAssertEqual(history.undo(), 4)
        XCTAssertEqual(history.undo(), 2)
        XCTAssertEqual(history.undo(), 1)
        XCTAssertNil(history.undo())
    }

    func testKeepsTheNewestChangesUpToItsLimit() {
        var history = UndoHistory<Int>(limit: 20)
        (1...25).forEach { history.record($0) }
        var undone: [Int] = []
        while let change = history.undo() { undone.append(change) }
        XCTAssertEqual(undone, Array((6...25).reversed()))
    }

    func testAChangeAndItsInverseLeaveTheStoreAsItWas() {
        var store = ItemStore()
        store.markVisited(song)
        let original = store
        let changes = [
            ItemChange(
                result: song,
                kind: .edits(before: ItemEdits(), after: ItemEdits(name: "Kuzu Kuzu (Live)", notes: "loud"))),
            ItemChange(result: song, kind: .hidden(true)),
            ItemChange(result: song, kind: .visited(before: original.item(for: song).visitedAt, after: nil)),
        ]
        for change in changes {
            store.apply(change)
            XCTAssertNotEqual(store, original)
            store.apply(change.inverse)
            XCTAssertEqual(store.item(for: song), original.item(for: song), "\(change.kind)")
            XCTAssertFalse(store.isHidden(song.id))
        }
    }
}
