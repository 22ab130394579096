import Foundation
import XCTest
@testable import StoreSearchCore

/// Issue #24: what a recovery restored survives later starts and saves.
final class ItemFileRecoveryTests: ItemFileTestCase {
    private func store(_ names: [String]) -> ItemStore {
        var store = ItemStore()
        for (index, name) in names.enumerated() {
            store.setEdits(
                ItemEdits(name: name), for: SearchResult(id: "track:\(index)", name: "Song \(index)", kind: .song))
        }
        return store
    }

    /// Start 1 restores from the backup; the user closes without a change; start 2 must still
    /// have the items, and after two more saves a whole copy must still be on disk.
    func testADamagedFileWithAGoodBackupKeepsTheRestoredItemsAcrossStartsAndSaves() throws {
        let saved = store(["One", "Two", "Three"])
        try file.save(saved)
        try file.save(saved)  // the backup now holds them too
        try Data("<plist><dict><key>formatVersion".utf8).write(to: file.url)

        let first = try file.load()
        XCTAssertEqual(first.store, saved)
        XCTAssertTrue(first.notice?.contains("restored from the last backup") ?? false, first.notice ?? "no notice")

        let second = try file.load()  // closed without changes, started again
        XCTAssertEqual(second.store, saved, "the restored items are in the item file")
        XCTAssertNil(second.notice)

        var changed = second.store
        changed.setEdits(ItemEdits(name: "Four"), for: SearchResult(id: "track:9", name: "Song 9", kind: .song))
        try file.save(changed)
        try file.save(changed)
        XCTAssertEqual(try file.load().store, changed)
        try FileManager.default.removeItem(at: file.url)
        let fromBackup = try file.load()
        XCTAssertEqual(fromBackup.store, changed, "the backup is whole too")
        XCTAssertEqual(
            fromBackup.notice, "Your saved items file was missing; your items were restored from the last backup.")
    }

    /// With the item file gone and only the backup left, the backup is loaded and written back,
    /// so a later save cannot rotate it away.
    func testAMissingFileWithABackupIsRestoredAndWrittenBack() throws {
        let saved = store(["Only Copy"])
        try file.save(saved)
        try file.save(saved)
        try FileManager.default.removeItem(at: file.url)
        XCTAssertEqual(try file.load().store, saved)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.url.path))
        try file.save(ItemStore())
        try file.save(ItemStore())
        XCTAssertNotEqual(try file.load().store, saved, "the user's own later change (emptying) is kept")
    }

    /// A read-only session (another process holds the folder) moves and writes nothing.
    func testARepairIsNotWrittenByAReadOnlySession() throws {
        let saved = store(["One"])
        try file.save(saved)
        try file.save(saved)
        let damaged = Data("not a plist".utf8)
        try damaged.write(to: file.url)
        XCTAssertEqual(try file.load(repairing: false).store, saved)
        XCTAssertEqual(try Data(contentsOf: file.url), damaged)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
            ["items.plist", "items.plist.bak"])
    }

    /// Issue #21: a file that cannot be read is not damaged: it says why and is left alone.
    func testAFolderInTheFilesPlaceIsUnreadableNotDamagedAndLeftAlone() throws {
        try FileManager.default.createDirectory(at: file.url, withIntermediateDirectories: true)
        XCTAssertThrowsError(try file.load()) { error in
            guard case .cannotRead(let path, let reason) = error as? ItemStoreFileError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(path, file.url.path)
            XCTAssertEqual(reason, "it is not a file")
            XCTAssertTrue((error as? ItemStoreFileError)?.message.contains("cannot be read") ?? false)
        }
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory.path), ["items.plist"], "nothing moved aside")
    }

    func testAFileWithoutReadPermissionIsLeftByteForByte() throws {
        try XCTSkipIf(geteuid() == 0, "root reads any file")
        let saved = store(["Mine"])
        try file.save(saved)
        let before = try Data(contentsOf: file.url)
        chmod(file.url.path, 0o000)
        defer { chmod(file.url.path, 0o600) }
        XCTAssertThrowsError(try file.load()) { error in
            guard case .cannotRead(_, let reason)? = error as? ItemStoreFileError else { return XCTFail("\(error)") }
            XCTAssertEqual(reason, "Permission denied")
        }
        chmod(file.url.path, 0o600)
        XCTAssertEqual(try Data(contentsOf: file.url), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["items.plist"])
    }

    /// Issue #21: one damaged string among 50 records cost every change since the last save
    /// (the backup was loaded instead). Now 49 records come from the file, the 50th from the
    /// backup, and the notice gives the counts.
    func testOneDamagedRecordAmongFiftyCostsOnlyThatRecord() throws {
        var older = ItemStore()
        for index in 0..<50 {
            older.setEdits(
                ItemEdits(notes: "old \(index)"),
                for: SearchResult(id: "track:\(index)", name: "Song \(index)", kind: .song))
        }
        try file.save(older)
        var newer = older
        for index in 0..<50 {
            newer.setEdits(
                ItemEdits(notes: "new \(index)"),
                for: SearchResult(id: "track:\(index)", name: "Song \(index)", kind: .song))
        }
        try file.save(newer)  // the backup now holds the older notes
        var text = try String(contentsOf: file.url, encoding: .utf8)
        let damaged = try XCTUnwrap(text.range(of: "<string>new 17</string>"))
        text.replaceSubrange(damaged, with: "<string>new 17</strin")  // one damaged string
        try Data(text.utf8).write(to: file.url)

        let loaded = try file.load(now: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(loaded.store.records.count, 50)
        XCTAssertEqual(
            loaded.store.records["track:3"]?.edits.notes, "new 3", "records read from the file are its newer ones")
        XCTAssertEqual(loaded.store.records["track:17"]?.edits.notes, "old 17", "the damaged one comes from the backup")
        XCTAssertEqual(
            loaded.notice,
            "Your saved items file was damaged. 49 items were recovered from it. 1 item could not be read. 1 item was taken from the last backup. The damaged file was kept as \(directory.path)/items.plist.corrupt-1970-01-01T00-00-00Z."
        )
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: directory.appending(path: "items.plist.corrupt-1970-01-01T00-00-00Z").path))
        XCTAssertEqual(try file.load().store, loaded.store, "what was recovered is written back")
        let home = FileManager.default.homeDirectoryForCurrentUser
        XCTAssertEqual(
            home.appending(path: ".local/share/storesearch/items.plist.corrupt-x").pathShownToUser,
            "~/.local/share/storesearch/items.plist.corrupt-x", "the home folder is written ~")
    }
}
