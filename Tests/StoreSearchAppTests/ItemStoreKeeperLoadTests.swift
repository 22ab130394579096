import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #32: the item file is read in the background; what the user does before the read ends
/// is made again on the file's items, and nothing the file holds is lost or written over.
final class ItemStoreKeeperLoadTests: XCTestCase {
    private var folder: URL!
    private var file: ItemStoreFile!
    private let song = SearchResult(id: "track:1", name: "Song", kind: .song)

    override func setUpWithError() throws {
        folder = MainLoop.temporaryDirectory()
        file = ItemStoreFile(url: folder.appending(path: "items.plist"))
        var store = ItemStore()
        store.setEdits(
            ItemEdits(name: "From the file", notes: "Notes from the file"), for: song,
            at: Date(timeIntervalSince1970: 0))
        for index in 2...2_000 { store.keep(SearchResult(id: "track:\(index)", name: "Kept \(index)", kind: .song)) }
        try file.save(store)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The user renamed the item while its file was read (the form showed it without the file's
    /// edits): the name is the user's, the notes the file's, every other item is there, and so
    /// it is saved.
    func testAnEditMadeWhileTheFileIsReadChangesOnlyWhatTheUserChanged() throws {
        let gate = DispatchSemaphore(value: 0)
        let file = file!, folder = folder!, song = song
        try MainActor.assumeIsolated {
            MainLoopBridge.install()  // the read's end reaches the main actor through the main loop
            let keeper = ItemStoreKeeper(file: file, dataDirectory: folder, beforeReading: { gate.wait() })
            defer { keeper.releaseLock() }
            XCTAssertFalse(keeper.isLoaded)
            let change = ItemChange(result: song, kind: .edits(before: ItemEdits(), after: ItemEdits(name: "Typed")))
            keeper.update { $0.apply(change) }
            XCTAssertEqual(keeper.store.records["track:1"]?.edits.name, "Typed", "shown at once")
            gate.signal()
            XCTAssertTrue(MainContext.spin(until: { keeper.isLoaded }))
            XCTAssertEqual(
                keeper.store.records["track:1"]?.edits, ItemEdits(name: "Typed", notes: "Notes from the file"))
            XCTAssertEqual(keeper.store.records.count, 2_000)
            XCTAssertTrue(keeper.hasUnsavedChanges)
            try keeper.saveNow()
        }
        let saved = try file.load().store
        XCTAssertEqual(saved.records["track:1"]?.edits, ItemEdits(name: "Typed", notes: "Notes from the file"))
        XCTAssertEqual(saved.records.count, 2_000)
    }

    /// The window closed before the read ended: the save waits for it, so it writes the file's
    /// items with the change, never the change alone over them.
    func testASaveBeforeTheReadEndsWaitsForIt() throws {
        let gate = DispatchSemaphore(value: 0)
        let file = file!, folder = folder!, song = song
        try MainActor.assumeIsolated {
            let keeper = ItemStoreKeeper(file: file, dataDirectory: folder, beforeReading: { gate.wait() })
            defer { keeper.releaseLock() }
            keeper.update { $0.keep(SearchResult(id: "track:9999", name: "New", kind: .song)) }
            DispatchQueue.global().async { gate.signal() }  // the read goes on while the save waits
            try keeper.saveNow()
            XCTAssertTrue(keeper.isLoaded)
        }
        let saved = try file.load().store
        XCTAssertEqual(saved.records.count, 2_001)
        XCTAssertEqual(saved.records["track:1"]?.edits.notes, "Notes from the file")
        XCTAssertNotNil(saved.records["track:9999"]?.keptAt)
    }
}
