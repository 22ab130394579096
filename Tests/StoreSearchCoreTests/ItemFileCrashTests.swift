import Foundation
import XCTest
@testable import StoreSearchCore

/// Issue #32: a save that is killed at any moment (kill -9, a crash, the power) leaves the item
/// file whole, old or new, never half written. A second copy of this test binary saves a
/// 5,000-item file over and over, each save with one more edit, and is killed at random moments.
final class ItemFileCrashTests: ItemFileTestCase {
    fileprivate static let childVariable = "STORESEARCH_SAVE_LOOP_FILE"
    private static let count = 5_000
    fileprivate static let edited = SearchResult(id: "track:0", name: "Song 0", kind: .song)

    /// Every record but the edited one, as the file holds them.
    private static let unedited = store().records.filter { $0.key != edited.id }

    private static func store() -> ItemStore {
        var store = ItemStore()
        for index in 0..<count {
            let song = SearchResult(
                id: "track:\(index)", name: "Song \(index)", artist: "Artist \(index % 100)", kind: .song,
                price: Decimal(string: "1.29"), currency: "USD",
                storeURL: URL(string: "https://music.apple.com/us/song/\(index)"),
                summary: "A song that is long enough to make each record take some bytes.")
            store.keep(song, at: Date(timeIntervalSince1970: Double(index)))
        }
        return store
    }

    func testASaveKilledAtAnyMomentLeavesAWholeFile() throws {
        try file.save(Self.store())
        var killedWhileWriting = 0
        var lastSave = 0
        for round in 0..<10 {
            let child = try startChild(
                running: "StoreSearchCoreTests.ItemFileSaveLoop/testSaveLoopOfTheCrashTest",
                fileVariable: Self.childVariable)
            defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }
            // Let it save a few times, then kill it somewhere inside one of its next saves.
            XCTAssertTrue(waitForTwoSaves(), "round \(round): the child saves")
            usleep(useconds_t.random(in: 0...100_000))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            if strayTemporary(of: child) != nil { killedWhileWriting += 1 }

            let loaded = try file.load()
            XCTAssertFalse(loaded.isDamaged, "round \(round)")
            XCTAssertNil(loaded.notice, "round \(round)")
            XCTAssertEqual(loaded.store.records.count, Self.count, "round \(round): every item is there")
            XCTAssertEqual(
                loaded.store.records.filter { $0.key != Self.edited.id }, Self.unedited,
                "round \(round): each as it was saved")
            let save = try XCTUnwrap(Self.saveNumber(in: loaded.store), "round \(round)")
            XCTAssertGreaterThanOrEqual(save, lastSave, "round \(round): never an older file than a finished save")
            lastSave = save
            if FileManager.default.fileExists(atPath: file.backupURL.path) {
                let backup = try ItemStoreFile(url: file.backupURL).load(repairing: false)
                XCTAssertFalse(backup.isDamaged, "round \(round): the backup is whole too")
                XCTAssertEqual(
                    backup.store.records.filter { $0.key != Self.edited.id }, Self.unedited, "round \(round)")
            }
            XCTAssertNil(
                strayTemporary(of: child), "round \(round): the next load removes the dead save's temporary file")
        }
        XCTAssertGreaterThan(killedWhileWriting, 0, "at least one kill landed while a save was being written")
    }

    fileprivate static func saveNumber(in store: ItemStore) -> Int? {
        guard let notes = store.records[edited.id]?.edits.notes else { return 0 }
        return Int(notes.dropFirst("save ".count))
    }

    /// Waits until the file was replaced twice (each save renames a new file over it).
    private func waitForTwoSaves() -> Bool {
        var replacements = 0
        var inode = Self.inode(of: file.url)
        let deadline = Date() + 60
        while Date() < deadline, replacements < 2 {
            usleep(2_000)
            let now = Self.inode(of: file.url)
            if now != inode { replacements += 1 }
            inode = now
        }
        return replacements == 2
    }

    private static func inode(of url: URL) -> ino_t {
        var info = stat()
        return stat(url.path, &info) == 0 ? info.st_ino : 0
    }

    private func strayTemporary(of child: Process) -> URL? {
        let temporary = directory.appending(path: ".items.plist.tmp-\(child.processIdentifier)")
        return FileManager.default.fileExists(atPath: temporary.path) ? temporary : nil
    }
}

/// The crash test's child, a class of its own so that it makes no folder it could not remove.
final class ItemFileSaveLoop: XCTestCase {
    /// The child's part: saves the file at `STORESEARCH_SAVE_LOOP_FILE` until it is killed.
    func testSaveLoopOfTheCrashTest() throws {
        guard let path = ProcessInfo.processInfo.environment[ItemFileCrashTests.childVariable] else {
            throw XCTSkip("runs only as the child of testASaveKilledAtAnyMomentLeavesAWholeFile")
        }
        let file = ItemStoreFile(url: URL(fileURLWithPath: path))
        var store = try file.load().store
        var save = ItemFileCrashTests.saveNumber(in: store) ?? 0
        while true {
            save += 1
            store.setEdits(ItemEdits(notes: "save \(save)"), for: ItemFileCrashTests.edited)
            try file.save(store)
        }
    }
}
