import Foundation
import XCTest
@testable import StoreSearchCore

/// Issue #14: what a newer, linked or damaged item file does to loading and saving.
final class HostileItemFileTests: XCTestCase {
    private var directory: URL!
    private var file: ItemStoreFile!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appending(path: "storesearch-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appending(path: "data"), withIntermediateDirectories: true)
        file = ItemStoreFile(url: directory.appending(path: "data/items.plist"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func store(_ name: String = "Song") -> ItemStore {
        var store = ItemStore()
        store.setEdits(
            ItemEdits(name: name, notes: "a < b & c > d\r\n\t"),
            for: SearchResult(id: "track:1", name: "S", kind: .song),
            at: Date(timeIntervalSince1970: 2_000_000_000))  // two stores made a second apart are equal
        store.hide(
            SearchResult(
                id: "track:2", name: "H", artist: "A", kind: .other("x"), genre: "G", price: Decimal(string: "1.5"),
                currency: "EUR", releaseDate: Date(timeIntervalSince1970: -86_400 * 400),
                storeURL: URL(string: "https://s/2"), summary: "Σ"), at: Date(timeIntervalSince1970: 3_000_000_000))
        return store
    }

    /// A format-3 file whose first key is long and sorts before `formatVersion`, as a newer
    /// StoreSearch could write: the version sits far beyond the first kilobyte.
    private func futureFile(_ label: String) -> Data {
        let padding = String(repeating: "x", count: 4000)
        return Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>accountSettingsThatSortFirst</key>
            \t<dict><key>formatVersion</key><integer>1</integer><key>note</key><string>\(padding) &lt;!-- not a comment --&gt;</string></dict>
            \t<!-- a comment <key>formatVersion</key><integer>1</integer> -->
            \t<key>formatVersion</key>
            \t<integer>33</integer>
            \t<key>items</key>
            \t<array><dict><key>id</key><string>\(label)</string></dict></array>
            </dict>
            </plist>
            """.utf8)
    }

    // Problem 2: a newer-format file was overwritten, and then its backup.
    func testANewerFileWithALongFirstKeyAndItsBackupAreNeverReplaced() throws {
        let future = futureFile("main"), futureBackup = futureFile("backup")
        try future.write(to: file.url)
        try futureBackup.write(to: file.backupURL)
        XCTAssertEqual(
            ItemStoreFile.formatVersion(ofFileAt: file.url), 33,
            "found by parsing, past nested dictionaries and comments")
        for _ in 0..<2 {  // two sessions
            XCTAssertThrowsError(try file.load()) {
                XCTAssertEqual(
                    $0 as? ItemStoreFileError, .newerVersion(found: 33, supported: ItemStoreFile.formatVersion))
            }
            XCTAssertThrowsError(try file.save(store())) {
                XCTAssertEqual(
                    $0 as? ItemStoreFileError, .newerVersion(found: 33, supported: ItemStoreFile.formatVersion))
            }
        }
        XCTAssertEqual(try Data(contentsOf: file.url), future)
        XCTAssertEqual(try Data(contentsOf: file.backupURL), futureBackup)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: file.url.deletingLastPathComponent().path).sorted(),
            ["items.plist", "items.plist.bak"], "no temporary file left")
    }

    func testABackupFromANewerFormatIsKeptWhenTheFileItselfIsSaved() throws {
        let futureBackup = futureFile("backup")
        try file.save(store("first"))
        try futureBackup.write(to: file.backupURL)
        try file.save(store("second"))
        XCTAssertEqual(try file.load().store, store("second"))
        XCTAssertEqual(try Data(contentsOf: file.backupURL), futureBackup)
    }

    func testADamagedFileWithANewerBackupSaysSoAndKeepsTheBackup() throws {
        try Data("<?xml version=\"1.0\"?><plist><dict><key>formatVer".utf8).write(to: file.url)
        let futureBackup = futureFile("backup")
        try futureBackup.write(to: file.backupURL)
        let result = try file.load(now: Date(timeIntervalSince1970: 0))
        XCTAssertTrue(result.store.isEmpty)
        XCTAssertTrue(
            result.notice?.contains("newer version of StoreSearch (format 33) and is left untouched") == true,
            result.notice ?? "")
        try file.save(store())
        try file.save(store("again"))
        XCTAssertEqual(try Data(contentsOf: file.backupURL), futureBackup)
    }

    // Problem 9: a symlinked file was replaced by a regular file.
    func testSavingThroughASymbolicLinkWritesItsTargetInTheTargetsFolder() throws {
        let synced = directory.appending(path: "Sync")
        try FileManager.default.createDirectory(at: synced, withIntermediateDirectories: true)
        let target = synced.appending(path: "storesearch-items.plist")
        try file.save(store("before"))
        try FileManager.default.moveItem(at: file.url, to: target)
        try FileManager.default.createSymbolicLink(
            atPath: file.url.path, withDestinationPath: "../Sync/storesearch-items.plist")

        try file.save(store("after"))
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: file.url.path), "../Sync/storesearch-items.plist",
            "the link stays a link")
        XCTAssertEqual(try ItemStoreFile(url: target).load().store, store("after"), "the target holds the save")
        XCTAssertEqual(try file.load().store, store("after"))
        XCTAssertEqual(
            try ItemStoreFile(url: file.backupURL).load().store, store("before"), "the backup is the previous target")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: synced.path), ["storesearch-items.plist"],
            "the temporary file was renamed in the target's folder")
    }

    func testADanglingLinkGetsItsTargetCreated() throws {
        let target = directory.appending(path: "elsewhere.plist")
        try FileManager.default.createSymbolicLink(atPath: file.url.path, withDestinationPath: target.path)
        try file.save(store())
        XCTAssertEqual(try ItemStoreFile(url: target).load().store, store())
        XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: file.url.path))
    }

    // Issue #11: stray temporary files of the item file are removed at start.
    func testStrayTemporaryFilesOfFinishedProcessesAreRemovedAtLoad() throws {
        try file.save(store())
        var deadPID: pid_t = 4_000_000
        while kill(deadPID, 0) == 0 || errno != ESRCH { deadPID -= 1 }
        let folder = file.url.deletingLastPathComponent()
        let stray = folder.appending(path: ".items.plist.tmp-\(deadPID)")
        let garbage = folder.appending(path: ".items.plist.tmp-garbage")
        let live = folder.appending(path: ".items.plist.tmp-1")  // init is always running
        for url in [stray, garbage, live] { try Data("partial".utf8).write(to: url) }
        XCTAssertEqual(try file.load().store, store())
        XCTAssertFalse(FileManager.default.fileExists(atPath: stray.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: garbage.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live.path), "a running process's save is left alone")
    }

    // Problem 11 (item store part): the writer is Foundation-compatible, whatever the text.
    // Control characters XML cannot hold are saved as U+FFFD, which is how the app shows them.
    func testTheStreamedFileReadsBackThroughFoundationExactly() throws {
        var big = ItemStore(), expected = ItemStore()
        for index in 0..<3_000 {
            let result = SearchResult(id: "track:\(index)", name: "N", kind: .song)
            big.setEdits(
                ItemEdits(name: "Name \(index) <&>", price: Decimal(index) / 100, notes: "ü\u{0}\u{7}\r\n\t"),
                for: result)
            expected.setEdits(
                ItemEdits(name: "Name \(index) <&>", price: Decimal(index) / 100, notes: "ü\u{FFFD}\u{FFFD}\r\n\t"),
                for: result)
            big.markVisited(result, at: Date(timeIntervalSince1970: Double(index) * 12_345.0))
            expected.markVisited(result, at: Date(timeIntervalSince1970: Double(index) * 12_345.0))
        }
        try file.save(big)
        XCTAssertEqual(try file.load().store, expected)
        let parsed =
            try PropertyListSerialization.propertyList(from: try Data(contentsOf: file.url), format: nil)
            as? [String: Any]
        XCTAssertEqual((parsed?["items"] as? [Any])?.count, 3_000)
        XCTAssertEqual(file.encode(big), try Data(contentsOf: file.url), "encode and the streamed save agree")
    }

    func testTheVersionIsFoundByParsingWhateverComesBeforeIt() throws {
        func version(_ text: String) throws -> Int? {
            try Data(text.utf8).write(to: file.url)
            return ItemStoreFile.formatVersion(ofFileAt: file.url)
        }
        let head = #"<?xml version="1.0"?><!DOCTYPE plist [ <!ENTITY x "a>b"> ]><plist version="1.0" note='a>b'>"#
        XCTAssertEqual(
            try version(
                head + "<dict><key>a</key><string><![CDATA[<key>formatVersion</key><integer>9</integer>]]></string>"
                    + "<key>formatVersion</key><integer> 4 </integer></dict></plist>"), 4)
        XCTAssertEqual(
            try version(
                "<plist><dict><key>nested</key><array><dict><key>formatVersion</key><integer>9</integer></dict></array>"
                    + "<key>formatVersion</key><integer>2</integer></dict></plist>"), 2, "only the top level counts")
        XCTAssertEqual(try version("<plist><dict><key>formatVersion</key><string>5</string></dict></plist>"), 5)
        XCTAssertNil(try version("<plist><dict><key>items</key><array/></dict></plist>"))
        // tags across read buffers
        let many = (0..<40_000).map { "<string>item \($0)</string>" }.joined(separator: "\n")
        XCTAssertEqual(
            try version(
                "<plist><dict><key>a</key><array>\(many)</array><key>formatVersion</key><integer>3</integer></dict></plist>"
            ), 3)
        XCTAssertNil(try version("not a list at all < > <<"))
        let binary = try PropertyListSerialization.data(
            fromPropertyList: ["formatVersion": 6, "zzz": "x"], format: .binary, options: 0)
        try binary.write(to: file.url)
        XCTAssertEqual(ItemStoreFile.formatVersion(ofFileAt: file.url), 6, "a binary list is read by Foundation")
        XCTAssertThrowsError(try file.save(store()), "and is not replaced")
    }

    /// The file reads back as written, and hand edits read as they mean.
    func testHandEditedFilesReadAsTheyMean() throws {
        var big = store()
        for index in 0..<500 {
            let result = SearchResult(
                id: "track:\(index)", name: "N &amp; \(index)", artist: index % 2 == 0 ? "" : "A", kind: .song,
                price: Decimal(index) / 7, releaseDate: Date(timeIntervalSince1970: Double(index) * -99_999),
                storeURL: URL(string: "https://s/\(index)?a=1&b=<2>"))
            big.setEdits(
                ItemEdits(name: index % 3 == 0 ? "" : "E\(index) \"q\" 'a'", notes: "Σ\r\n&#x41;"), for: result)
            if index % 5 == 0 { big.hide(result, at: Date(timeIntervalSince1970: Double(index) * 1e6)) }
        }
        let data = file.encode(big)
        try data.write(to: file.url)
        XCTAssertEqual(try file.load().store, big)

        // Hand-edited files: a comment, a character reference, a key in another order.
        var text = String(decoding: data, as: UTF8.self)
        text = text.replacingOccurrences(of: "<key>items</key>", with: "<!-- mine --><key>items</key>")
        try Data(text.utf8).write(to: file.url)
        XCTAssertEqual(try file.load().store, big, "a comment")
        let reordered =
            #"<plist version="1.0"><dict><key>items</key><array><dict><key>id</key><string>x&#x41;</string><key>visitedAt</key><date>2001-09-09T01:46:40Z</date></dict></array><key>formatVersion</key><integer>2</integer></dict></plist>"#
        try Data(reordered.utf8).write(to: file.url)
        XCTAssertEqual(try file.load().store.records["xA"]?.visitedAt, Date(timeIntervalSince1970: 1_000_000_000))
    }

    /// Only web links are read from a file: one that names a local file or a script is kept as
    /// written (and the user told) but never becomes a link the app could open.
    func testOnlyWebLinksAreReadFromTheFile() throws {
        func snapshot(_ links: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>formatVersion</key><integer>3</integer><key>items</key><array><dict>
            <key>id</key><string>track:1</string><key>visitedAt</key><date>2020-01-01T00:00:00Z</date>
            <key>snapshot</key><dict><key>id</key><string>track:1</string><key>name</key><string>S</string>
            <key>kind</key><string>song</string>\(links)</dict></dict></array></dict></plist>
            """
        }
        try Data(
            snapshot(
                """
                <key>storeURL</key><string>file:///etc/passwd</string><key>previewURL</key><string>javascript:alert(1)</string>
                <key>artworkURL</key><string>https://is1-ssl.mzstatic.com/a/100x100bb.jpg</string>
                <key>largeArtworkURL</key><dict><key>relative</key><string>ssh://host/x</string></dict>
                """
            ).utf8
        ).write(to: file.url)
        let loaded = try file.load()
        let result = try XCTUnwrap(loaded.store.records["track:1"]?.snapshot)
        XCTAssertNil(result.storeURL)
        XCTAssertNil(result.previewURL)
        XCTAssertNil(result.largeArtworkURL)
        XCTAssertEqual(result.artworkURL?.absoluteString, "https://is1-ssl.mzstatic.com/a/100x100bb.jpg")
        XCTAssertTrue(loaded.hasUnreadValues, "the user is told")
    }
}
