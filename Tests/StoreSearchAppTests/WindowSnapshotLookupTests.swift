import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import Synchronization
import XCTest
@testable import StoreSearchApp

/// Issue #18: records saved before format 3 have no snapshot; the store's lookup fills them in
/// the background, and a lookup that fails leaves the file as it was.
final class WindowSnapshotLookupTests: XCTestCase {
    /// A format 2 file: edits and a visit, no snapshots.
    private static func writeFormat2File(_ paths: AppPaths) throws -> Data {
        let data = Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>formatVersion</key>
            \t<integer>2</integer>
            \t<key>items</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>edits</key>
            \t\t\t<dict>
            \t\t\t\t<key>notes</key>
            \t\t\t\t<string>bought on vinyl too</string>
            \t\t\t</dict>
            \t\t\t<key>id</key>
            \t\t\t<string>track:1440857788</string>
            \t\t</dict>
            \t\t<dict>
            \t\t\t<key>id</key>
            \t\t\t<string>track:284882215</string>
            \t\t\t<key>visitedAt</key>
            \t\t\t<date>2024-05-01T10:00:00Z</date>
            \t\t</dict>
            \t</array>
            </dict>
            </plist>
            """.utf8)
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        try data.write(to: paths.dataDirectory.appending(path: "items.plist"))
        return data
    }

    func testRecordsWithoutSnapshotsAreLookedUpAndKeepTheirEdits() throws {
        let lookups = Mutex<[[String: String]]>([])
        let server = CountingServer()
        server.route("/lookup") { request in
            lookups.withLock { $0.append(request.query) }
            let body = """
                {"resultCount":2,"results":[\
                {"wrapperType":"track","kind":"song","trackId":1440857788,"trackName":"Looked Up Song","artistName":"Band","collectionName":"The Album","trackPrice":1.29,"currency":"USD"},\
                {"wrapperType":"software","kind":"software","trackId":284882215,"trackName":"Some App","artistName":"Maker","price":0,"currency":"USD"}]}
                """
            return LocalServerResponse(body: Data(body.utf8))
        }
        let base = try server.start()
        defer { server.stop() }
        let paths = WindowHarness.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory.deletingLastPathComponent()) }
        _ = try Self.writeFormat2File(paths)
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, paths: paths)
            defer { harness.dispose() }
            let keeper = harness.environment.items.keeper
            XCTAssertTrue(MainContext.spin(until: { keeper.store.recordsWithoutSnapshot.isEmpty }), "looked up")
            XCTAssertEqual(lookups.withLock { $0.count }, 1, "one request for both")
            XCTAssertEqual(
                lookups.withLock { $0.first?["id"] }.map { Set($0.split(separator: ",")) }, ["1440857788", "284882215"])
            XCTAssertEqual(lookups.withLock { $0.first?["country"] }, "US")
            let song = try XCTUnwrap(keeper.store.records["track:1440857788"])
            XCTAssertEqual(song.snapshot?.name, "Looked Up Song")
            XCTAssertEqual(song.snapshot?.collectionName, "The Album")
            XCTAssertEqual(song.edits.notes, "bought on vinyl too", "the edit is intact")
            XCTAssertEqual(
                keeper.store.records["track:284882215"]?.visitedAt,
                ISO8601DateFormatter().date(from: "2024-05-01T10:00:00Z"))
            harness.main.myItems.showPage(myItems: true)
            XCTAssertEqual(Set(harness.main.myItems.page.shown.map(\.item.name)), ["Looked Up Song", "Some App"])
            XCTAssertTrue(harness.close())
        }
        let saved = try ItemStoreFile(paths: paths).load().store
        XCTAssertEqual(saved.records["track:1440857788"]?.snapshot?.artist, "Band", "saved in the current format")
        XCTAssertEqual(
            ItemStoreFile.formatVersion(ofFileAt: paths.dataDirectory.appending(path: "items.plist")),
            ItemStoreFile.formatVersion)
    }

    func testALookupThatFailsLeavesTheFileAsItWas() throws {
        let server = CountingServer()
        server.route("/lookup") { _ in
            LocalServerResponse(status: 500, contentType: "text/html", text: "<h1>Internal Server Error</h1>")
        }
        let base = try server.start()
        defer { server.stop() }
        let paths = WindowHarness.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory.deletingLastPathComponent()) }
        let original = try Self.writeFormat2File(paths)
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, paths: paths)
            defer { harness.dispose() }
            XCTAssertTrue(MainContext.spin(until: { server.requestCount(path: "/lookup") == 1 }))
            MainContext.spin(until: { false }, timeout: .milliseconds(500))
            XCTAssertEqual(server.requestCount(path: "/lookup"), 1, "no retry in a loop")
            XCTAssertEqual(harness.environment.items.keeper.store.recordsWithoutSnapshot.count, 2)
            XCTAssertTrue(harness.close())
        }
        XCTAssertEqual(
            try Data(contentsOf: paths.dataDirectory.appending(path: "items.plist")), original, "left as it was")
    }
}
