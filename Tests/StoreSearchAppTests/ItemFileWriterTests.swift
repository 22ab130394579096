import Foundation
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

final class ItemFileWriterTests: XCTestCase {
    func testAnOlderSaveNeverOverwritesANewerOne() throws {
        let folder = MainLoop.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = ItemStoreFile(url: folder.appending(path: "items.plist"))
        let writer = ItemFileWriter(file: file)
        let song = SearchResult(id: "track:1", name: "Song", kind: .song)
        var older = ItemStore()
        older.setEdits(ItemEdits(name: "First edit"), for: song)
        var newer = older
        newer.setEdits(ItemEdits(name: "Last edit"), for: song)

        XCTAssertEqual(try writer.save(newer, change: 2), .written)  // the save at window close
        XCTAssertEqual(
            try writer.save(older, change: 1), .older, "a slow background save of earlier changes is skipped")
        XCTAssertEqual(try file.load().store, newer)
        XCTAssertEqual(try writer.save(older, change: 3), .written, "a later change is written")
    }

    /// Issue #46: a file another writer replaced (by rename, or in place) since this session read
    /// or wrote it is never written over: the save leaves it for a merge.
    func testAFileAnotherWriterChangedIsNotWrittenOver() throws {
        let folder = MainLoop.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = ItemStoreFile(url: folder.appending(path: "items.plist"))
        let writer = ItemFileWriter(file: file)
        let song = SearchResult(id: "track:1", name: "Song", kind: .song)
        var mine = ItemStore()
        mine.setEdits(ItemEdits(notes: "mine"), for: song)
        XCTAssertEqual(try writer.save(mine, change: 1), .written)
        XCTAssertFalse(writer.isChangedElsewhere)

        var theirs = mine
        theirs.setEdits(ItemEdits(notes: "theirs"), for: song)
        let other = ItemStoreFile(url: file.url)  // another writer: its own save, by rename
        try other.save(theirs)
        XCTAssertTrue(writer.isChangedElsewhere)
        XCTAssertEqual(try writer.save(mine, change: 2), .changedElsewhere)
        XCTAssertEqual(try file.load().store, theirs, "their file is as they left it")

        writer.read(FileIdentity(of: file.url))  // merged
        XCTAssertEqual(try writer.save(mine, change: 3), .written)
        let handle = try FileHandle(forWritingTo: file.url)  // in place, the same inode
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n".utf8))
        try handle.close()
        XCTAssertTrue(writer.isChangedElsewhere)
    }

    /// A file another writer renames into place while a save is being written is not replaced:
    /// its identity is asked again just before the rename.
    func testAFileReplacedWhileTheSaveIsWrittenIsLeftAsItIs() throws {
        let folder = MainLoop.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = ItemStoreFile(url: folder.appending(path: "items.plist"))
        let song = SearchResult(id: "track:1", name: "Song", kind: .song)
        var theirs = ItemStore()
        theirs.setEdits(ItemEdits(notes: "theirs"), for: song)
        try file.save(theirs)
        let original = try Data(contentsOf: file.url)
        var mine = theirs
        mine.setEdits(ItemEdits(notes: "mine"), for: song)
        XCTAssertThrowsError(try file.save(mine, isStill: { _ in false })) { error in
            XCTAssertEqual(
                error as? ItemStoreFileError, .cannotWrite(path: file.url.path, reason: ItemStoreFile.changedElsewhere))
        }
        XCTAssertEqual(try Data(contentsOf: file.url), original, "not replaced")
        let strays = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
        XCTAssertEqual(strays, [], "the temporary file is removed")
    }
}
