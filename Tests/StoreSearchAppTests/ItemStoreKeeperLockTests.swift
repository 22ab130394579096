import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// A process whose window closed let the data folder go, and may run on (started by D-Bus for the
/// Shell's search, asked to check prices by `--refresh-prices`): what it changes then is saved
/// only once it holds the folder's lock again, and never when another process took it meanwhile.
final class ItemStoreKeeperLockTests: XCTestCase {
    private var folder: URL!
    private let song = SearchResult(id: "track:1", name: "Song", kind: .song)

    override func setUpWithError() throws {
        folder = MainLoop.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A keeper over an empty item file, read, whose window closed (the folder let go).
    @MainActor
    private static func releasedKeeper(in folder: URL) -> ItemStoreKeeper {
        let keeper = ItemStoreKeeper.read(in: folder)
        keeper.releaseLock()
        return keeper
    }

    func testAChangeAfterTheFolderWasLetGoTakesItBackAndIsSaved() throws {
        let song = song, folder = folder!
        try MainActor.assumeIsolated {
            let keeper = Self.releasedKeeper(in: folder)
            defer { keeper.releaseLock() }
            keeper.update(ids: [song.id]) { $0.keep(song) }
            XCTAssertEqual(DataFolderLock(directory: folder).acquire(), .heldElsewhere, "taken back before writing")
            try keeper.saveNow()
        }
        XCTAssertNotNil(try ItemStoreFile(url: folder.appending(path: "items.plist")).load().store.records[song.id])
    }

    func testAChangeAfterAnotherProcessTookTheFolderIsNotWritten() throws {
        let song = song, folder = folder!
        let other = DataFolderLock(directory: folder)
        try MainActor.assumeIsolated {
            let keeper = Self.releasedKeeper(in: folder)
            defer { keeper.releaseLock() }
            XCTAssertEqual(other.acquire(), .acquired, "another window opened meanwhile")
            keeper.update(ids: [song.id]) { $0.keep(song) }
            XCTAssertTrue(keeper.isReadOnly)
            try keeper.saveNow()
        }
        other.release()
        XCTAssertNil(try ItemStoreFile(url: folder.appending(path: "items.plist")).load().store.records[song.id])
    }
}
