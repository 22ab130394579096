import Foundation
import TestSupport
import XCTest
@testable import StoreSearchCore

/// Issue #46: a merge of another writer's copy and the save after it, killed at any moment
/// (kill -9), leave the item file whole, and nothing either writer finished is lost. A second copy
/// of this test binary plays both writers of a 5,000-item file in turn: another writer renames its
/// copy over the file with one more record, then this session reads it, merges it three-way with
/// its own change (one more note), and saves; the parent kills it at seeded random moments.
final class ItemMergeCrashTests: ItemFileTestCase {
    fileprivate static let childVariable = "STORESEARCH_MERGE_LOOP_FILE"
    private static let count = 5_000
    fileprivate static let edited = SearchResult(id: "track:0", name: "Song 0", kind: .song)

    private static func store() -> ItemStore {
        var store = ItemStore()
        for index in 0..<count {
            store.keep(
                SearchResult(
                    id: "track:\(index)", name: "Song \(index)", artist: "Artist \(index % 100)", kind: .song,
                    price: Decimal(string: "1.29"), currency: "USD",
                    summary: "A song that is long enough to make each record take some bytes."),
                at: Date(timeIntervalSince1970: Double(index)))
        }
        return store
    }

    func testAMergeAndSaveKilledAtAnyMomentLeaveAWholeFileAndLoseNothingFinished() throws {
        let original = Self.store()
        try file.save(original)
        var generator = SeededGenerator(seed: 4_646)
        var lastNote = 0, lastOther = -1, killedInMerge = 0
        for round in 0..<10 {
            let child = try startChild(
                running: "StoreSearchCoreTests.ItemMergeLoop/testMergeLoopOfTheCrashTest",
                fileVariable: Self.childVariable)
            defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
            let took = try XCTUnwrap(timeOfReplacements(4), "round \(round): the child writes")
            // Anywhere in its next two writes (the other writer's, then the merge and save).
            usleep(useconds_t(Double.random(in: 0..<(took / 2), using: &generator) * 1_000_000))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            if FileManager.default.fileExists(atPath: directory.appending(path: "merging").path) { killedInMerge += 1 }

            let loaded = try ItemStoreFile(url: file.url).load(repairing: false)
            XCTAssertFalse(loaded.isDamaged, "round \(round)")
            XCTAssertNil(loaded.notice, "round \(round)")
            let store = loaded.store
            XCTAssertEqual(
                store.records.filter { $0.key.hasPrefix("track:") && $0.key != Self.edited.id },
                original.records.filter { $0.key != Self.edited.id }, "round \(round): every item as it was saved")
            // The other writer's records are 0…n with none missing: each merge kept every earlier one.
            let others = store.records.keys.compactMap { $0.hasPrefix("other:") ? Int($0.dropFirst(6)) : nil }.sorted()
            XCTAssertEqual(others, Array(0..<others.count), "round \(round): no record of the other writer lost")
            XCTAssertGreaterThanOrEqual(others.count - 1, lastOther, "round \(round): none taken back")
            lastOther = others.count - 1
            let note = ItemMergeLoop.noteNumber(in: store)
            XCTAssertGreaterThanOrEqual(note, lastNote, "round \(round): never an older note than a finished save")
            lastNote = note
        }
        XCTAssertGreaterThan(lastOther, 0, "the other writer's copies were merged")
        XCTAssertGreaterThan(lastNote, 0, "the session's changes were saved")
        XCTAssertGreaterThan(killedInMerge, 0, "at least one kill landed during a merge")
    }

    /// Waits until the file was replaced `count` times (each write renames a new file over it),
    /// and says how long that took in seconds; nil when it was not.
    private func timeOfReplacements(_ count: Int) -> Double? {
        var replacements = 0
        var identity = FileIdentity(of: file.url)
        let start = Date(), deadline = start + 60
        while Date() < deadline, replacements < count {
            usleep(1_000)
            let now = FileIdentity(of: file.url)
            if now != identity { replacements += 1 }
            identity = now
        }
        return replacements >= count ? Date().timeIntervalSince(start) : nil
    }
}

/// The crash test's child, a class of its own so that it makes no folder it could not remove.
final class ItemMergeLoop: XCTestCase {
    static func noteNumber(in store: ItemStore) -> Int {
        store.records[ItemMergeCrashTests.edited.id]?.edits.notes.flatMap { Int($0.dropFirst("merge ".count)) } ?? 0
    }

    /// Plays both writers until killed: the other's copy renamed over the file, then this
    /// session's merge (as `ItemStoreKeeper` makes one: three-way against the base) and save,
    /// which checks that the file is still the one it read. A `merging` file marks the merge.
    func testMergeLoopOfTheCrashTest() throws {
        guard let path = ProcessInfo.processInfo.environment[ItemMergeCrashTests.childVariable] else {
            throw XCTSkip(
                "runs only as the child of testAMergeAndSaveKilledAtAnyMomentLeaveAWholeFileAndLoseNothingFinished")
        }
        let url = URL(fileURLWithPath: path)
        let marker = url.deletingLastPathComponent().appending(path: "merging")
        try? FileManager.default.removeItem(at: marker)
        let file = ItemStoreFile(url: url), other = ItemStoreFile(url: url)
        var mine = try file.load().store
        var base = ItemStoreBase(file: mine)
        var note = Self.noteNumber(in: mine)
        var next = mine.records.keys.filter { $0.hasPrefix("other:") }.count
        while true {
            // The other writer: its copy of the file, one record more, renamed over it.
            var theirs = try other.load(repairing: false).store
            theirs.keep(SearchResult(id: "other:\(next)", name: "Other \(next)", kind: .song))
            try other.save(theirs)
            next += 1
            // This session: a change of its own, then the other's copy merged in and saved.
            note += 1
            base.willChange(mine, ids: [ItemMergeCrashTests.edited.id])
            mine.setEdits(ItemEdits(notes: "merge \(note)"), for: ItemMergeCrashTests.edited)
            FileManager.default.createFile(atPath: marker.path, contents: nil)
            let read = FileIdentity(of: url)
            let loaded = try file.load(repairing: false).store
            let outcome = ItemMerge.merge(
                mine: mine, theirs: loaded, base: { base.record($0, in: mine) },
                baseOtherFields: base.otherFields(in: mine), unseen: base.isFromBeforeLastSave)
            mine.take(outcome)
            try file.save(mine) { FileIdentity(of: $0) == read }
            try FileManager.default.removeItem(at: marker)
            base = ItemStoreBase(file: mine)
        }
    }
}
