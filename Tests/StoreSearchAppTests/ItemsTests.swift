import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #35: the items are the one way a change reaches the store and the views. Each change
/// says which items it touched, each step of the history is one thing the user did, and a
/// notice's Undo takes back only its own step.
final class ItemsTests: XCTestCase {
    private var folder: URL!
    private let song = SearchResult(id: "track:1", name: "Song", kind: .song)
    private let album = SearchResult(id: "album:2", name: "Album", kind: .album)

    override func setUpWithError() throws {
        folder = MainLoop.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Items over an empty item file in the test's folder, read before `body` runs.
    private func withItems(_ body: @MainActor (Items) throws -> Void) throws {
        let folder = folder!
        try MainActor.assumeIsolated {
            let keeper = ItemStoreKeeper.read(in: folder)
            defer { keeper.releaseLock() }
            try body(Items(keeper: keeper))
        }
    }

    func testAChangeReachesTheStoreAndSaysWhichItemItTouched() throws {
        let song = song
        try withItems { items in
            var changed: [Set<String>] = [], steps: [(step: [ItemChange], notice: String?)] = []
            items.changed.subscribe { changed.append($0.ids) }
            items.stepRecorded.subscribe { steps.append($0) }
            let rename = ItemChange(result: song, kind: .edits(before: ItemEdits(), after: ItemEdits(name: "Renamed")))
            items.record(rename, notice: "renamed")
            XCTAssertEqual(items.store.item(for: song).name, "Renamed")
            XCTAssertEqual(changed, [["track:1"]])
            XCTAssertEqual(steps.map(\.step), [[rename]])
            XCTAssertEqual(steps.map(\.notice), ["renamed"])

            items.undo()
            XCTAssertEqual(items.store.item(for: song).name, "Song")
            items.redo()
            XCTAssertEqual(items.store.item(for: song).name, "Renamed")
            XCTAssertEqual(changed.count, 3, "an undo and a redo are changes the views follow")
            XCTAssertEqual(steps.count, 1, "but not new steps")

            items.markVisited(song)
            XCTAssertTrue(items.store.item(for: song).isVisited)
            XCTAssertEqual(changed.last, ["track:1"])
            items.undo()
            XCTAssertTrue(items.store.item(for: song).isVisited, "a visit is not on the history")
            XCTAssertEqual(items.store.item(for: song).name, "Song", "the rename was the latest step")
        }
    }

    /// Ctrl+D while typing: the typing committed first and the keep are one step, which one
    /// undo takes back; the step is offered once, with the action's notice.
    func testAnActionOnTheOpenItemAndTheTypingItCommitsAreOneStep() throws {
        let song = song
        try withItems { items in
            var steps: [(step: [ItemChange], notice: String?)] = []
            items.stepRecorded.subscribe { steps.append($0) }
            items.commitTyping = {
                items.record(
                    ItemChange(result: song, kind: .edits(before: ItemEdits(), after: ItemEdits(notes: "typed"))))
            }
            items.actOnOpenItem { items.record(ItemChange(result: song, kind: .kept(true)), notice: "kept") }
            XCTAssertEqual(steps.count, 1)
            XCTAssertEqual(steps.first?.step.count, 2)
            XCTAssertEqual(steps.first?.notice, "kept")
            items.undo()
            XCTAssertFalse(items.store.isKept(song.id))
            XCTAssertEqual(items.store.item(for: song).notes, "", "the typing went with the keep")
        }
    }

    /// Typing committed after its draft reached the store changes the store once, from the draft
    /// (issue #42: the draft was taken back and the typing made again, two changes): a field the
    /// draft changed and the typing took back is the store's again.
    func testTypingCommittedOverItsDraftChangesTheStoreOnce() throws {
        let song = song
        try withItems { items in
            items.startHistory()
            var changed: [Set<String>] = [], drafted: [String] = []
            items.changed.subscribe { changed.append($0.ids) }
            items.drafted.subscribe { drafted.append($0) }
            let draft = ItemEdits(name: "Draft", artist: "Typed")
            items.keepDraft(ItemChange(result: song, kind: .edits(before: ItemEdits(), after: draft)))
            XCTAssertEqual(items.store.records[song.id]?.edits, draft, "the draft is in the store")
            XCTAssertEqual(drafted, [song.id])
            XCTAssertEqual(changed, [], "and shown by no view")

            let count = items.changeCount
            let typed = ItemEdits(artist: "Typed")  // the name typed back to the store's
            items.record(ItemChange(result: song, kind: .edits(before: ItemEdits(), after: typed)))
            XCTAssertEqual(items.changeCount, count + 1, "one change")
            XCTAssertEqual(items.store.records[song.id]?.edits, typed)
            XCTAssertEqual(changed, [[song.id]])
            items.undo()
            XCTAssertEqual(
                items.store.records[song.id]?.edits ?? ItemEdits(), ItemEdits(), "one undo takes the typing back")
        }
    }

    /// A newer snapshot between the draft and the commit (a search showed the item again) changes
    /// neither: the commit still goes from the draft, and typing taken back leaves the record as
    /// it was, with the newer snapshot.
    func testADraftOutlivesANewerSnapshotOfItsItem() throws {
        let song = song
        try withItems { items in
            items.startHistory()
            items.record(ItemChange(result: song, kind: .kept(true)))  // its snapshot is the store's to refresh
            let draft = ItemEdits(name: "Draft")
            items.keepDraft(ItemChange(result: song, kind: .edits(before: ItemEdits(), after: draft)))
            var newer = song
            newer.genre = "Pop"
            items.refreshSnapshots(from: [newer])
            let typed = ItemEdits(notes: "typed")  // the name typed back to the store's
            items.record(ItemChange(result: song, kind: .edits(before: ItemEdits(), after: typed)))
            XCTAssertEqual(items.store.records[song.id]?.edits, typed, "the draft's name is gone")

            items.keepDraft(ItemChange(result: song, kind: .edits(before: typed, after: ItemEdits(notes: "more"))))
            newer.genre = "Rock"
            items.refreshSnapshots(from: [newer])
            items.keepDraft(ItemChange(result: song, kind: .edits(before: ItemEdits(notes: "more"), after: typed)))
            XCTAssertEqual(items.store.records[song.id]?.edits, typed, "typed away: as it was")
            XCTAssertEqual(items.store.records[song.id]?.snapshot?.genre, "Rock", "with the newer snapshot")
        }
    }

    /// A notice's Undo after a newer step does nothing: it would take back the newer one.
    func testANoticesUndoTakesBackOnlyItsOwnStep() throws {
        let song = song, album = album
        try withItems { items in
            var steps: [[ItemChange]] = []
            items.stepRecorded.subscribe { steps.append($0.step) }
            items.record(ItemChange(result: song, kind: .hidden(true)), notice: "hidden")
            items.record(ItemChange(result: album, kind: .kept(true)))
            items.undo(ifLatest: steps[0])
            XCTAssertTrue(items.store.isHidden(song.id))
            XCTAssertTrue(items.store.isKept(album.id))
            items.undo(ifLatest: steps[1])
            XCTAssertFalse(items.store.isKept(album.id))
            XCTAssertTrue(items.store.isHidden(song.id))
        }
    }

    /// A window's history ends with it: what it could undo (a kept item's removal, watched for
    /// that Undo) is let go when it closes.
    func testTheHistoryEndsWithTheWindow() throws {
        let song = song
        try withItems { items in
            items.startHistory()
            items.record(ItemChange(result: song, kind: .kept(true)), notice: nil)
            let record = try XCTUnwrap(items.store.records[song.id])
            items.record(ItemChange(result: song, kind: .record(before: record, after: nil)), notice: nil)
            XCTAssertNotNil(
                items.removed.records[song.id], "a removed kept item is watched while its removal can be undone")
            items.endHistory()
            XCTAssertTrue(items.removed.isEmpty, "the window closed: no longer")
            XCTAssertNil(items.undo(), "and nothing is left to undo")
        }
    }
}
