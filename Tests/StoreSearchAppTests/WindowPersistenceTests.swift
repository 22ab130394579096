import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

final class WindowPersistenceTests: XCTestCase {
    /// Data paths whose data directory cannot be created: a plain file is in the way.
    private static func blockedPaths() -> (AppPaths, blocker: URL) {
        let paths = WindowHarness.temporaryPaths()
        let blocker = paths.dataDirectory
        try! FileManager.default.createDirectory(
            at: blocker.deletingLastPathComponent(), withIntermediateDirectories: true)
        precondition(FileManager.default.createFile(atPath: blocker.path, contents: Data("not a folder".utf8)))
        return (paths, blocker)
    }

    func testFailedSaveOnCloseAsksAndTryAgainSavesTheEdit() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        let (paths, blocker) = Self.blockedPaths()
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, paths: paths)
            defer { harness.dispose() }
            harness.search("tarkan")
            harness.select("Kuzu Kuzu")
            harness.type("Kuzu Kuzu (Live)", into: harness.form.ui.nameEntry)

            harness.main.window.close()
            let dialog = try XCTUnwrap(harness.main.saveFailureDialog, "a failed save asks what to do")
            XCTAssertEqual(dialog.heading, "Your Changes Could Not Be Saved")
            XCTAssertTrue(
                dialog.detail?.hasPrefix("Could not save your changes to \(blocker.path)") == true, dialog.detail ?? "")
            XCTAssertTrue(harness.main.window.isVisible, "the window stays open")

            try FileManager.default.removeItem(at: blocker)  // the user makes room
            dialog.respond(1)  // Try Again
            XCTAssertTrue(MainContext.spin(until: { !harness.main.window.isVisible }), "closes once saved")
            XCTAssertEqual(try harness.savedStore().records.values.first?.edits.name, "Kuzu Kuzu (Live)")
        }
    }

    /// A window started on an item file that cannot be read (here a folder is in its place; as a
    /// user, its permissions), with Kuzu Kuzu renamed and the window closed: `body` gets the
    /// save-failure dialog that asks what to do, and the item's result.
    private func withUnreadableFileAtStart(
        _ body: @MainActor (WindowHarness, ItemStoreFile, MessageDialog, SearchResult) throws -> Void
    ) throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        let paths = WindowHarness.temporaryPaths()
        let file = ItemStoreFile(paths: paths)
        try FileManager.default.createDirectory(at: file.url, withIntermediateDirectories: true)
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, paths: paths)
            defer { harness.dispose() }
            XCTAssertTrue(
                harness.main.bannerText?.contains("cannot be read") == true, harness.main.bannerText ?? "no notice")
            harness.search("tarkan")
            harness.select("Kuzu Kuzu")
            let kuzu = try XCTUnwrap(harness.form.item?.result)
            harness.type("Kuzu Kuzu (Live)", into: harness.form.ui.nameEntry)
            harness.main.window.close()
            let dialog = try XCTUnwrap(harness.main.saveFailureDialog, "the unreadable file is not written over")
            try FileManager.default.removeItem(at: file.url)  // the user takes the folder away
            try body(harness, file, dialog, kuzu)
        }
    }

    /// Once the user has put their file back, Try Again reads it and keeps both: what it holds
    /// and this session's changes, field by field.
    func testTryAgainReadsAFileThatCouldNotBeReadAtStartAndKeepsBoth() throws {
        try withUnreadableFileAtStart { harness, file, dialog, kuzu in
            var theirs = ItemStore()
            theirs.setEdits(ItemEdits(notes: "from the file"), for: kuzu)
            let other = SearchResult(id: "track:other", name: "Other", kind: .song)
            theirs.setEdits(ItemEdits(name: "Other (edited)"), for: other)
            try file.save(theirs)
            dialog.respond(1)  // Try Again
            XCTAssertTrue(MainContext.spin(until: { !harness.main.window.isVisible }), "closes once saved")
            let saved = try harness.savedStore()
            XCTAssertEqual(saved.records[kuzu.id]?.edits, ItemEdits(name: "Kuzu Kuzu (Live)", notes: "from the file"))
            XCTAssertEqual(saved.records["track:other"]?.edits.name, "Other (edited)")
        }
    }

    /// If what the user put back is damaged, Try Again does not save over it (that would rotate
    /// the last good backup away): it stays as it is for the next start to recover.
    func testTryAgainDoesNotSaveOverAFileThatIsNowDamaged() throws {
        try withUnreadableFileAtStart { harness, file, dialog, _ in
            let damaged = Data(
                "<?xml version=\"1.0\"?><plist><dict><key>formatVersion</key><integer>3</integer><key>items".utf8)
            try damaged.write(to: file.url)
            dialog.respond(1)  // Try Again
            XCTAssertTrue(harness.main.window.isVisible, "not saved, so not closed")
            let again = try XCTUnwrap(harness.main.saveFailureDialog, "the question is asked again")
            XCTAssertTrue(
                again.detail?.contains("it is damaged") == true, "with the reason as it is now: \(again.detail ?? "")")
            XCTAssertEqual(try Data(contentsOf: file.url), damaged, "the damaged file is left as it is")
        }
    }

    func testCloseWithoutSavingClosesTheWindow() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        let (paths, _) = Self.blockedPaths()
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, paths: paths)
            defer { harness.dispose() }
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            harness.main.window.close()
            try XCTUnwrap(harness.main.saveFailureDialog).respond(2)  // Close Without Saving
            XCTAssertTrue(MainContext.spin(until: { !harness.main.window.isVisible }))
        }
    }

    func testFailedBackgroundSaveIsToldInTheWindow() throws {
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        let (paths, _) = Self.blockedPaths()
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, paths: paths)
            defer { harness.dispose() }
            harness.search("tarkan")
            harness.select("Kuzu Kuzu")  // visiting is a change, saved two seconds later
            XCTAssertTrue(
                MainContext.spin(
                    until: { harness.main.bannerText?.hasPrefix("Could not save your changes") == true },
                    timeout: .seconds(5)), harness.main.bannerText ?? "no banner")
        }
    }

    func testDamagedFileAtStartIsSetAsideAndSaid() throws {
        let paths = WindowHarness.temporaryPaths()
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        try Data("<?xml version=\"1.0\"?><plist><dict><key>formatVers".utf8).write(
            to: paths.dataDirectory.appending(path: "items.plist"))
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: URL(string: "http://127.0.0.1:9")!, paths: paths)
            defer { harness.dispose() }
            let banner = try XCTUnwrap(harness.main.bannerText)
            XCTAssertTrue(banner.hasPrefix("Your saved items file could not be used because it was damaged."), banner)
            let files = try FileManager.default.contentsOfDirectory(atPath: paths.dataDirectory.path)
            XCTAssertTrue(files.contains { $0.hasPrefix("items.plist.corrupt-") }, "\(files)")
        }
    }

    /// Issue #24: a binary item file whose top dictionary marker became a set marker crashed
    /// the app at every start (Foundation's binary parser segfaulted).
    func testADamagedBinaryFileAtStartIsSetAsideAndSaidNotACrash() throws {
        let paths = WindowHarness.temporaryPaths()
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        let tree: [String: Any] = ["formatVersion": 2, "items": [["id": "track:1", "edits": ["notes": "mine"]]]]
        var bytes = [UInt8](try PropertyListSerialization.data(fromPropertyList: tree, format: .binary, options: 0))
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let top = bytes[(trailer + 16)..<(trailer + 24)].reduce(0) { $0 << 8 | Int($1) }
        let table = bytes[(trailer + 24)..<(trailer + 32)].reduce(0) { $0 << 8 | Int($1) }
        let topOffset = bytes[(table + top * offsetSize)..<(table + (top + 1) * offsetSize)].reduce(0) {
            $0 << 8 | Int($1)
        }
        bytes[topOffset] = 0xC0 | (bytes[topOffset] & 0x0F)  // dictionary → set
        try Data(bytes).write(to: paths.dataDirectory.appending(path: "items.plist"))
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: URL(string: "http://127.0.0.1:9")!, paths: paths)
            defer { harness.dispose() }
            let banner = try XCTUnwrap(harness.main.bannerText)
            XCTAssertTrue(banner.hasPrefix("Your saved items file could not be used because it was damaged."), banner)
            let files = try FileManager.default.contentsOfDirectory(atPath: paths.dataDirectory.path)
            XCTAssertTrue(files.contains { $0.hasPrefix("items.plist.corrupt-") }, "\(files)")
        }
    }

    func testClosingWithRequestsInFlightLosesNothing() throws {
        // Searches answer after a second; every image hangs.
        let server = CountingServer()
        server.route("/search") { _ in
            let body = """
                {"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":7,"trackName":"Late Song","artistName":"Someone","artworkUrl100":"\(server.baseURL!.absoluteString)/art/7/100x100bb.jpg"}]}
                """
            return LocalServerResponse(body: Data(body.utf8), delay: .seconds(1))
        }
        server.route("/art/") { _ in .neverAnswering() }
        let base = try server.start()
        defer { server.stop() }
        let paths = WindowHarness.temporaryPaths()
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, paths: paths)
            defer { harness.dispose() }
            harness.search("first")
            harness.open("Late Song")
            XCTAssertTrue(MainContext.spin(until: { server.requestCount(path: "/art/7/200x200bb.jpg") == 1 }))
            harness.main.searchEntry.text = "second"
            harness.main.searchEntry.activate()
            XCTAssertTrue(harness.close(), "closes while a search and two images are in flight")
            // The late answer arrives after the window is gone and is dropped without harm.
            MainContext.spin(until: { false }, timeout: .milliseconds(1500))
            XCTAssertNotNil(try harness.savedStore().records["track:7"]?.visitedAt, "the visit was saved on close")
        }
    }
}
