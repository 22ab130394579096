import Foundation
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

final class ItemFileWriterTests: XCTestCase {
    func testAnOlderSaveNeverOverwritesANewerOne() throws {
        let file = ItemStoreFile(url: MainLoop.temporaryDirectory().appending(path: "items.plist"))
        let writer = ItemFileWriter(file: file)
        let song = SearchResult(id: "track:1", name: "Song", kind: .song)
        var older = ItemStore()
        older.setEdits(ItemEdits(name: "First edit"), for: song)
        var newer = older
        newer.setEdits(ItemEdits(name: "Last edit"), for: song)

        XCTAssertTrue(try writer.save(newer, change: 2))  // the save at window close
        XCTAssertFalse(try writer.save(older, change: 1), "a slow background save of earlier changes is skipped")
        XCTAssertEqual(try file.load().store, newer)
        XCTAssertTrue(try writer.save(older, change: 3), "a later change is written")
    }
}
