import CGtk
import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import Synchronization
import XCTest
@testable import StoreSearchApp

/// Issue #18: My Items lists what the user edited, noted, opened, hid or kept, with no network.
final class WindowMyItemsTests: XCTestCase {
    /// A store with two songs and their covers.
    private static func makeStore() throws -> CountingServer {
        let server = CountingServer()
        let cover = MainLoop.coverJPEG(3)
        server.route("/search") { _ in
            let base = server.baseURL!.absoluteString
            let records = (1...2).map { index in
                """
                {"wrapperType":"track","kind":"song","trackId":\(700 + index),"trackName":"Song \(index)","artistName":"Artist \(index)",\
                "collectionName":"Album \(index)","trackPrice":1.29,"currency":"USD","artworkUrl100":"\(base)/art/\(index)/100x100bb.jpg"}
                """
            }
            return LocalServerResponse(
                body: Data("{\"resultCount\":2,\"results\":[\(records.joined(separator: ","))]}".utf8))
        }
        server.route("/art/") { _ in LocalServerResponse(contentType: "image/jpeg", body: cover) }
        return server
    }

    func testAnEditedItemIsListedWithItsArtworkAfterARelaunchWithTheStoreUnreachable() throws {
        let server = try Self.makeStore()
        let base = try server.start()
        let paths = WindowHarness.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory.deletingLastPathComponent()) }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, paths: paths)
            defer { harness.dispose() }
            harness.search("song")
            harness.open("Song 2")
            harness.type("My Song", into: harness.form.ui.nameEntry)
            harness.type("My Artist", into: harness.form.ui.artistEntry)
            XCTAssertTrue(
                MainContext.spin(until: { harness.main.resultsList.mappedTextureCount == 2 }), "the covers are cached")
            XCTAssertTrue(harness.close())
        }
        server.stop()
        // The same port, now closed: nothing answers there.
        MainActor.assumeIsolated {
            let relaunched = WindowHarness(apiBase: base, paths: paths)
            defer { relaunched.dispose() }
            relaunched.main.myItems.showPage(myItems: true)
            let page = relaunched.main.myItems.page
            XCTAssertEqual(page.shown.map(\.item.name), ["My Song"])
            XCTAssertEqual(page.shown.first?.item.artist, "My Artist")
            XCTAssertEqual(page.shown.first?.item.result.collectionName, "Album 2", "the snapshot keeps the album")
            XCTAssertEqual(page.countText, "1 item")
            XCTAssertTrue(
                MainContext.spin(until: { page.views.list.mappedTextureCount == 1 }), "its cover, from the disk cache")
            page.views.list.activate(0)
            XCTAssertEqual(relaunched.form.ui.nameEntry.text, "My Song", "opening it shows the edit in the form")
            XCTAssertEqual(relaunched.form.ui.artistEntry.text, "My Artist")
        }
    }

    /// Issue #45: a row the filter hid was not selected again when the filter was cleared, and the
    /// detail said "No Result Selected". The item the user selected is selected (and shown) again.
    func testAnItemTheFilterHidIsSelectedAgainWhenTheFilterIsCleared() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main, page = main.myItems.page
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            harness.select("Şımarık")
            XCTAssertTrue(main.window.activateAction("win.keep"))
            main.myItems.showPage(myItems: true)
            XCTAssertTrue(MainContext.spin(until: { page.count == 2 && !page.isListing }))
            XCTAssertTrue(page.select(id: try XCTUnwrap(page.shown.first { $0.item.name == "Kuzu Kuzu" }).id))
            XCTAssertEqual(main.detail.item?.name, "Kuzu Kuzu")

            page.filterEntry.text = "simarik"
            XCTAssertTrue(MainContext.spin(until: { page.shown.map(\.item.name) == ["Şımarık"] }))
            XCTAssertNil(page.selected, "the selected row is not listed")
            page.filterEntry.text = ""
            XCTAssertTrue(MainContext.spin(until: { page.count == 2 }))
            XCTAssertEqual(page.selected?.item.name, "Kuzu Kuzu", "selected again")
            XCTAssertEqual(main.detail.item?.name, "Kuzu Kuzu", "and shown, not No Result Selected")

            // Another item chosen meanwhile is the one that comes back.
            page.filter = .kept
            XCTAssertTrue(page.select(id: try XCTUnwrap(page.shown.first).id))
            page.filterEntry.text = "kuzu"
            XCTAssertTrue(MainContext.spin(until: { page.visiblePage == .noMatch }))
            page.filter = .all
            page.filterEntry.text = ""
            XCTAssertTrue(MainContext.spin(until: { page.count == 2 }))
            XCTAssertEqual(page.selected?.item.name, "Şımarık")
            XCTAssertEqual(main.detail.item?.name, "Şımarık")
        }
    }

    /// Issue #45: the export dialog had no CSV/JSON choice (typing ".json" was the only way), and
    /// its notice no way to the file. The dialog offers both, the name following the one picked;
    /// the notice's Show in Files asks the file manager (here one on the test's session bus, as
    /// Nautilus answers) to show the file.
    func testTheExportDialogOffersCSVAndJSONAndItsNoticeShowsTheFile() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            let connection = try XCTUnwrap(g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil))
            defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
            var shown: [String] = []
            let fileManager = DBusObject(
                connection: connection, path: "/org/freedesktop/FileManager1",
                introspectionXML: """
                    <node><interface name="org.freedesktop.FileManager1"><method name="ShowItems">
                    <arg type="as" name="URIs" direction="in"/><arg type="s" name="StartupId" direction="in"/>
                    </method></interface></node>
                    """,
                interface: "org.freedesktop.FileManager1"
            ) { call in
                shown += call.strings(0)
                call.reply()
            }
            defer { fileManager?.unregister() }
            var owner: BusNameOwner? = BusNameOwner(connection: connection, name: "org.freedesktop.FileManager1")
            defer { owner = nil }
            XCTAssertTrue(MainContext.spin(until: { SessionBus.nameHasOwner("org.freedesktop.FileManager1") == true }))

            harness.search("tarkan")
            harness.select("Kuzu Kuzu")
            XCTAssertTrue(main.window.activateAction("win.keep"))
            XCTAssertTrue(main.window.activateAction("win.export"))
            let chooser = try XCTUnwrap(main.myItems.exportChooser)
            XCTAssertEqual(chooser.filterIndex, 0, "CSV first")
            XCTAssertEqual(chooser.currentName, "My Items.csv")
            chooser.filterIndex = 1
            XCTAssertEqual(chooser.currentName, "My Items.json", "the name follows the format picked")

            XCTAssertTrue(MainContext.spin(until: { chooser.respond(choosing: nil) }), "the dialog shows; cancelled")
            XCTAssertTrue(MainContext.spin(until: { main.myItems.exportChooser == nil }))

            // What the dialog's Save does with a name: the export, and its notice.
            let json = harness.paths.dataDirectory.appending(path: "report.json")
            main.myItems.export(to: json)
            XCTAssertTrue(
                MainContext.spin(until: { main.bannerText == "Exported 1 item to report.json" }),
                "\(main.bannerText ?? "no notice")")
            XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [[String: Any]])
            main.clickBannerButton()  // Show in Files
            XCTAssertTrue(MainContext.spin(until: { !shown.isEmpty }), "the file manager was asked")
            XCTAssertEqual(shown, [json.absoluteString])
            _ = owner
        }
    }

    func testFiltersSortTypingAndRemoveWithUndo() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main, page = main.myItems.page
            main.myItems.showPage(myItems: true)
            XCTAssertEqual(page.visiblePage, .empty, "a status page says how items get here")
            main.myItems.showPage(myItems: false)

            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            harness.form.ui.notesView.text = "zzz notes about the live take"
            harness.form.commitPendingEdits()
            harness.select("Şımarık")
            XCTAssertEqual(main.keepButton.iconName, "non-starred-symbolic", "an outlined star: not kept")
            XCTAssertTrue(main.window.activateAction("win.keep"), "Ctrl+D keeps it")
            XCTAssertEqual(main.keepButton.iconName, "starred-symbolic", "a filled star: kept")
            harness.select("Silver Engine")
            harness.form.ui.hideButton.click()

            main.myItems.showPage(myItems: true)
            XCTAssertEqual(Set(page.shown.map(\.item.name)), ["Kuzu Kuzu", "Şımarık", "Silver Engine"])
            page.filter = .kept
            XCTAssertEqual(page.shown.map(\.item.name), ["Şımarık"])
            page.filter = .edited
            XCTAssertEqual(page.shown.map(\.item.name), ["Kuzu Kuzu"])
            page.filter = .hidden
            XCTAssertEqual(page.shown.map(\.item.name), ["Silver Engine"])
            page.filter = .visited
            XCTAssertEqual(page.shown.map(\.item.name), ["Kuzu Kuzu"])
            page.filter = .all

            page.filterEntry.text = "LIVE TAKE"
            XCTAssertEqual(page.shown.map(\.item.name), ["Kuzu Kuzu"], "typing filters by notes at once")
            page.filterEntry.text = "nothing like it"
            XCTAssertEqual(page.visiblePage, .noMatch)
            page.filterEntry.text = ""

            XCTAssertTrue(main.window.activateAction("win.my-items-sort", string: "name"))
            XCTAssertEqual(page.shown.map(\.item.name), ["Kuzu Kuzu", "Silver Engine", "Şımarık"], "by name, Ş with S")
            XCTAssertTrue(main.window.activateAction("win.my-items-sort", string: "artist"))
            XCTAssertEqual(main.state.myItemsOrder, .artist, "remembered")

            page.select(id: try XCTUnwrap(page.shown.first { $0.item.name == "Şımarık" }).id)
            XCTAssertTrue(main.window.activateAction("win.remove-item"))
            XCTAssertFalse(page.shown.contains { $0.item.name == "Şımarık" })
            XCTAssertEqual(main.bannerText, "“Şımarık” removed from My Items")
            main.clickBannerButton()  // Undo
            let back = try XCTUnwrap(page.shown.first { $0.item.name == "Şımarık" }, "Undo brings it back")
            XCTAssertTrue(back.isKept)

            // A visit on the search page, then a change to another item: both are listed.
            main.myItems.showPage(myItems: false)
            let other = try XCTUnwrap(harness.names.first { !["Kuzu Kuzu", "Şımarık", "Silver Engine"].contains($0) })
            harness.open(other)
            harness.select("Şımarık")
            main.window.activateAction("win.keep")  // no longer kept
            main.myItems.showPage(myItems: true)
            XCTAssertTrue(page.shown.contains { $0.item.name == other }, "the visit made meanwhile is listed")
        }
    }
}
