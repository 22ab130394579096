import Foundation
import XCTest
@testable import StoreSearchCore

final class ItemStoreFileTests: XCTestCase {
    private var directory: URL!
    private var file: ItemStoreFile!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appending(path: "storesearch-tests-\(UUID().uuidString)")
        file = ItemStoreFile(paths: AppPaths(environment: ["XDG_DATA_HOME": directory.path, "HOME": "/nonexistent"]))
    }

    override func tearDownWithError() throws {
        chmod(directory.path, 0o755)
        chmod(directory.appending(path: "storesearch").path, 0o755)
        try? FileManager.default.removeItem(at: directory)
    }

    private func sampleStore() -> ItemStore {
        var store = ItemStore()
        let song = SearchResult(
            id: "track:1", name: "Şımarık", artist: "Tarkan", kind: .song, price: Decimal(string: "1.29"),
            currency: "USD", releaseDate: Date(timeIntervalSince1970: 866_000_000),
            storeURL: URL(string: "https://music.apple.com/x"), artworkURL: URL(string: "https://a/100x100bb.jpg"))
        store.setEdits(
            ItemEdits(
                name: "Simarik", price: Decimal(string: "0.99"), releaseDate: Date(timeIntervalSince1970: 0),
                notes: "line 1\nline 2 <&>"), for: song)
        store.markVisited(song, at: Date(timeIntervalSince1970: 100))
        store.hide(
            SearchResult(
                id: "collection:9", name: "Hidden Book", kind: .other("podcast-episode"),
                price: Decimal(string: "4.99"),
                storeURL: URL(string: "https://books.apple.com/9")), at: Date(timeIntervalSince1970: 200))
        return store
    }

    func testRoundTripIsAReadableVersionedXMLPlist() throws {
        XCTAssertEqual(file.url.path, directory.appending(path: "storesearch/items.plist").path)
        let store = sampleStore()
        try file.save(store)
        let text = try String(contentsOf: file.url, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("<?xml"), "XML, not binary")
        XCTAssertTrue(text.contains("<key>formatVersion</key>\n\t<integer>4</integer>"))
        // Plain values a person can read and edit: no nested URL, Decimal or enum dictionaries.
        XCTAssertTrue(text.contains("<key>price</key>\n\t\t\t\t<string>0.99</string>"), text)
        XCTAssertTrue(text.contains("<key>price</key>\n\t\t\t\t<string>4.99</string>"), text)
        XCTAssertTrue(text.contains("<key>kind</key>\n\t\t\t\t<string>other:podcast-episode</string>"), text)
        XCTAssertTrue(text.contains("<key>storeURL</key>\n\t\t\t\t<string>https://books.apple.com/9</string>"), text)
        XCTAssertFalse(text.contains("mantissa"))
        XCTAssertEqual(
            text.components(separatedBy: "<key>snapshot</key>").count, 3, "every touched item keeps a snapshot (#18)")
        let loaded = try file.load()
        XCTAssertEqual(loaded.store, store)
        XCTAssertNil(loaded.notice)
    }

    /// Issue #32: a save encodes only what changed since the last one; what it writes is still
    /// the whole store, with changed, added and forgotten records as they are now.
    func testSavesAfterChangesWriteTheStoreAsItIsNow() throws {
        try file.save(sampleStore())
        var store = try file.load().store  // as the app's: what is not changed is copied from the file
        try file.save(store)
        let now = Date(timeIntervalSince1970: 1_000_000)  // whole seconds, as the file keeps them
        store.setEdits(
            ItemEdits(notes: "changed"), for: SearchResult(id: "track:1", name: "Şımarık", kind: .song), at: now)
        store.keep(SearchResult(id: "track:2", name: "Added", kind: .song), at: now)
        store.forget("collection:9")
        try file.save(store)
        XCTAssertEqual(try file.load().store, store)
        XCTAssertEqual(try Data(contentsOf: file.url), file.encode(store), "the same bytes as a first save")
        let other = ItemStoreFile(url: file.url)  // another process's copy: its own first save
        try other.save(sampleStore())
        XCTAssertEqual(try file.load().store, sampleStore())
    }

    /// A save copies unchanged records from the file the last one wrote, and so only while that
    /// file is still the one it wrote: another tool's save, or a change written into it in place
    /// (same size), makes it encode every record.
    func testASaveCopiesNothingFromAFileChangedSinceTheLastSave() throws {
        try file.save(sampleStore())
        var store = try file.load().store  // as the app's: read from the file, so nothing changed yet
        try file.save(store)
        try ItemStoreFile(url: file.url).save(ItemStore())  // another tool replaced it: no records
        store.setEdits(
            ItemEdits(notes: "one"), for: SearchResult(id: "track:1", name: "Şımarık", kind: .song),
            at: Date(timeIntervalSince1970: 9))
        try file.save(store)
        XCTAssertEqual(try Data(contentsOf: file.url), file.encode(store))

        // The same length written over an unchanged record's name in place: the inode and size
        // stay. Kernels before 6.13 advance file times once a clock tick: the write comes after
        // the save's tick, as another tool's edit would.
        var info = stat()
        XCTAssertEqual(stat(file.url.path, &info), 0)
        var now = timespec()
        let deadline = Date() + 5
        repeat {
            clock_gettime(CLOCK_REALTIME_COARSE, &now)
        } while (now.tv_sec, now.tv_nsec) <= (info.st_mtim.tv_sec, info.st_mtim.tv_nsec) && Date() < deadline
        let bytes = try Data(contentsOf: file.url)
        let name = Data("Hidden Book".utf8)
        let at = try XCTUnwrap(bytes.range(of: name)).lowerBound
        let handle = try FileHandle(forUpdating: file.url)
        try handle.seek(toOffset: UInt64(at))
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: name.count))
        try handle.close()
        store.setEdits(
            ItemEdits(notes: "two"), for: SearchResult(id: "track:1", name: "Şımarık", kind: .song),
            at: Date(timeIntervalSince1970: 9))
        try file.save(store)
        XCTAssertEqual(
            try Data(contentsOf: file.url), file.encode(store), "the name as the store has it, not as written in place")
    }

    /// A save trusts the change log only for a store that continues the one saved last: an older
    /// copy (an earlier state of the same store) is compared record by record.
    func testSavingAnOlderCopyOfTheStoreWritesThatCopy() throws {
        try file.save(sampleStore())
        let older = try file.load().store
        var newer = older
        newer.setEdits(
            ItemEdits(notes: "newer"), for: SearchResult(id: "track:1", name: "Şımarık", kind: .song),
            at: Date(timeIntervalSince1970: 5))
        try file.save(newer)
        XCTAssertEqual(try file.load().store, newer)
        try file.save(older)
        XCTAssertEqual(try file.load().store, older, "not the newer copy's bytes")
        var other = ItemStore()  // another store altogether
        other.keep(SearchResult(id: "track:7", name: "Other", kind: .song), at: Date(timeIntervalSince1970: 5))
        try file.save(other)
        XCTAssertEqual(try file.load().store, other)
    }

    func testMissingFileIsAnEmptyStore() throws {
        XCTAssertTrue(try file.load().store.isEmpty)
    }

    func testSavingKeepsThePreviousGoodFileAsBackup() throws {
        try file.save(sampleStore())
        try file.save(ItemStore())
        let backup = try ItemStoreFile(url: file.backupURL).load().store
        XCTAssertEqual(backup, sampleStore())
    }

    func testCorruptFileIsMovedAsideAndTheBackupRecovered() throws {
        try file.save(sampleStore())
        try file.save(sampleStore())
        try Data("<?xml version=\"1.0\"?><plist><dict><key>formatVer".utf8).write(to: file.url)
        let result = try file.load(now: Date(timeIntervalSince1970: 0))
        XCTAssertEqual(result.store, sampleStore(), "restored from the backup")
        XCTAssertTrue(result.notice?.contains("items.plist.corrupt-1970-01-01T00-00-00Z") == true, result.notice ?? "")
        let aside = directory.appending(path: "storesearch/items.plist.corrupt-1970-01-01T00-00-00Z")
        XCTAssertTrue(FileManager.default.fileExists(atPath: aside.path), "the damaged file is kept, not overwritten")
        XCTAssertEqual(try file.load().store, sampleStore(), "the restored items are written back at once (#24)")
    }

    func testCorruptFileWithoutBackupStartsEmptyWithANotice() throws {
        try FileManager.default.createDirectory(
            at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data([0x00, 0xFF, 0x13]).write(to: file.url)
        let result = try file.load()
        XCTAssertTrue(result.store.isEmpty)
        XCTAssertNotNil(result.notice)
    }

    func testFormatOneFileIsStillRead() throws {
        let legacy = try Data(
            contentsOf: Bundle.module.url(forResource: "Fixtures/items-format-1", withExtension: "plist")!)
        try FileManager.default.createDirectory(
            at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try legacy.write(to: file.url)
        // What the format 1 file holds (it was written by the first release).
        let loaded = try file.load()
        XCTAssertNil(loaded.notice)
        let song = try XCTUnwrap(loaded.store.records["track:1"])
        XCTAssertEqual(
            song.edits,
            ItemEdits(
                name: "Simarik", price: Decimal(string: "0.99"), releaseDate: Date(timeIntervalSince1970: 0),
                notes: "line 1\nline 2 <&>"))
        XCTAssertEqual(song.visitedAt, Date(timeIntervalSince1970: 100))
        XCTAssertEqual(song.snapshot?.name, "Şımarık", "format 1 kept a snapshot of every item, and so does format 3")
        let hidden = try XCTUnwrap(loaded.store.records["collection:9"])
        XCTAssertEqual(hidden.hiddenAt, Date(timeIntervalSince1970: 200))
        XCTAssertEqual(hidden.snapshot?.name, "Hidden Book")
        XCTAssertEqual(loaded.store.records.count, 2)
        try file.save(loaded.store)
        XCTAssertEqual(try file.load().store, loaded.store, "rewritten in format 3 without loss")
    }

    func testFileFromANewerVersionIsRefusedAndLeftUntouched() throws {
        try FileManager.default.createDirectory(
            at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let future = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>formatVersion</key><integer>7</integer><key>things</key><array/></dict></plist>
            """
        try Data(future.utf8).write(to: file.url)
        XCTAssertThrowsError(try file.load()) {
            XCTAssertEqual($0 as? ItemStoreFileError, .newerVersion(found: 7, supported: ItemStoreFile.formatVersion))
        }
        XCTAssertThrowsError(try file.save(sampleStore()))
        XCTAssertEqual(try String(contentsOf: file.url, encoding: .utf8), future)

        // A newer file whose items happen to decode is refused all the same.
        try Data(future.replacingOccurrences(of: "things", with: "items").utf8).write(to: file.url)
        XCTAssertThrowsError(try file.load()) {
            XCTAssertEqual($0 as? ItemStoreFileError, .newerVersion(found: 7, supported: ItemStoreFile.formatVersion))
        }
    }

    func testUnwritableDirectoryGivesAnErrorToShow() throws {
        guard getuid() != 0 else {
            // root ignores permissions: make the parent a file instead, which nobody can write into.
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data().write(to: directory.appending(path: "storesearch"))
            XCTAssertThrowsError(try file.save(sampleStore())) { error in
                guard case .cannotWrite(let path, _) = error as? ItemStoreFileError else { return XCTFail("\(error)") }
                XCTAssertTrue(path.hasSuffix("storesearch"))
                XCTAssertEqual(
                    (error as! ItemStoreFileError).message,
                    "Could not save your changes to \(path): a file of that name is in the way of the folder.")
            }
            return
        }
        try FileManager.default.createDirectory(
            at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        chmod(file.url.deletingLastPathComponent().path, 0o500)
        XCTAssertThrowsError(try file.save(sampleStore()))
    }

    /// A user who made the file read-only meant it: it is left as it is, and the save says why.
    func testAReadOnlyFileIsNotReplaced() throws {
        try file.save(sampleStore())
        let before = try Data(contentsOf: file.url)
        chmod(file.url.path, 0o444)
        defer { chmod(file.url.path, 0o600) }
        XCTAssertThrowsError(try file.save(ItemStore())) { error in
            XCTAssertEqual(error as? ItemStoreFileError, .cannotWrite(path: file.url.path, reason: "Permission denied"))
        }
        XCTAssertEqual(try Data(contentsOf: file.url), before)
        XCTAssertEqual(try file.load().store, sampleStore(), "and it still loads")
    }

    /// A new file is the user's alone (0600); one whose permissions the user changed keeps them.
    func testSavingKeepsThePermissionsTheUserGaveTheFile() throws {
        try file.save(sampleStore())
        func mode() throws -> Int {
            try (FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? Int) ?? -1
        }
        XCTAssertEqual(try mode(), 0o600)
        chmod(file.url.path, 0o644)
        try file.save(ItemStore())
        XCTAssertEqual(try mode(), 0o644)
    }

    func testCrashBetweenTemporaryWriteAndRenameLeavesTheOldFileIntact() throws {
        try file.save(sampleStore())
        // A save that wrote its temporary file, then "crashed" before the rename.
        let temporary = file.url.deletingLastPathComponent().appending(path: ".items.plist.tmp-\(getpid())")
        try file.encode(ItemStore()).write(to: temporary)
        XCTAssertTrue(FileManager.default.fileExists(atPath: temporary.path))
        XCTAssertEqual(try file.load().store, sampleStore())
        try file.save(ItemStore())  // the next save reuses and replaces the stray temporary
        XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.path))
    }
}
