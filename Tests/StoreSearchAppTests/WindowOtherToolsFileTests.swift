import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #31: an item file another tool wrote in Latin-1, with a price the user's way and a value
/// nested 400 deep, opens with a notice that names what was not read, and every save works: the
/// deep value made each save crash 2–3 s after an edit, and the edit was lost.
final class WindowOtherToolsFileTests: XCTestCase {
    func testALatin1FileWithAnUnreadablePriceAndADeepValueOpensAndSaves() throws {
        let paths = WindowHarness.temporaryPaths()
        let file = ItemStoreFile(paths: paths)
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        let deep = String(repeating: "<array>", count: 400) + String(repeating: "</array>", count: 400)
        try """
        <?xml version="1.0" encoding="ISO-8859-1"?>
        <plist version="1.0"><dict><key>formatVersion</key><integer>3</integer><key>items</key><array>
        <dict><key>edits</key><dict><key>name</key><string>Café Müller</string><key>price</key><string>12,50x</string></dict>
        <key>id</key><string>track:1</string><key>keptAt</key><date>2024-01-02T03:04:05Z</date><key>tags</key>\(deep)</dict>
        </array></dict></plist>
        """.data(using: .isoLatin1)!.write(to: file.url)
        try WindowHarness.withCatalogWindow(paths: paths) { harness in
            let notice = try XCTUnwrap(harness.main.bannerText)
            XCTAssertTrue(notice.contains("“Café Müller”: price “12,50x”"), notice)
            XCTAssertTrue(notice.contains("nested too deeply"), notice)
            harness.search("tarkan")
            harness.select("Kuzu Kuzu")
            harness.type("Kuzu Kuzu (Live)", into: harness.form.ui.nameEntry)
            harness.main.window.close()
            XCTAssertTrue(MainContext.spin(until: { !harness.main.window.isVisible }), "saved and closed")
        }
        let saved = try file.load()
        let notice = try XCTUnwrap(saved.notice, "the price is still not read, and still said")
        XCTAssertFalse(notice.contains("nested too deeply"), "what was left out is gone")
        XCTAssertEqual(saved.store.records["track:1"]?.edits.name, "Café Müller")
        XCTAssertEqual(saved.store.records["track:1"]?.otherEditsFields["price"], .string("12,50x"))
        XCTAssertTrue(saved.store.records.values.contains { $0.edits.name == "Kuzu Kuzu (Live)" })
    }

    /// A record another tool wrote with a name but no snapshot: opening it on My Items took the
    /// name for the store's (a stand-in built from it) and dropped it at the next commit.
    func testANameGivenByAnotherToolSurvivesOpeningItsItem() throws {
        let paths = WindowHarness.temporaryPaths()
        let file = ItemStoreFile(paths: paths)
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>formatVersion</key><integer>3</integer><key>items</key><array>
            <dict><key>edits</key><dict><key>name</key><string>Kuzu New</string><key>notes</key><string>n</string></dict>
            <key>id</key><string>track:300001</string><key>keptAt</key><date>2024-01-02T03:04:05Z</date></dict>
            </array></dict></plist>
            """.utf8
        ).write(to: file.url)
        try WindowHarness.withCatalogWindow(paths: paths) { harness in
            harness.main.myItems.showPage(myItems: true)
            let page = harness.main.myItems.page
            XCTAssertTrue(MainContext.spin(until: { page.shown.first?.item.name == "Kuzu New" }))
            XCTAssertTrue(page.select(id: "track:300001"))
            XCTAssertEqual(harness.form.ui.nameEntry.text, "Kuzu New")
            harness.form.commitPendingEdits()
            harness.main.window.close()
            XCTAssertTrue(MainContext.spin(until: { !harness.main.window.isVisible }))
        }
        let record = try XCTUnwrap(try file.load().store.records["track:300001"])
        XCTAssertEqual(record.edits.name, "Kuzu New")
        XCTAssertNotEqual(record.snapshot?.kind, .other(""), "no stand-in kept as the store's word")
    }
}
