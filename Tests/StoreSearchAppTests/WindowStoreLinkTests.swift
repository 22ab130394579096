import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import Synchronization
import XCTest
@testable import StoreSearchApp

/// Issue #20: a store page link opens its item through the store's lookup; nothing else does.
final class WindowStoreLinkTests: XCTestCase {
    func testAStoreLinkOpensItsItemAndOtherLinksSayWhyNot() throws {
        let lookups = Mutex<[[String: String]]>([])
        let server = CountingServer()
        server.route("/lookup") { request in
            lookups.withLock { $0.append(request.query) }
            let found = request.query["id"] == "1440857788"
            let body =
                found
                ? #"{"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":1440857788,"trackName":"Linked Song","artistName":"Band","collectionName":"The Album","trackPrice":1.29,"currency":"EUR"}]}"#
                : #"{"resultCount":0,"results":[]}"#
            return LocalServerResponse(body: Data(body.utf8))
        }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            // As a second launch: storesearch URL
            _ = harness.main.handleSecondLaunch(arguments: [
                "https://music.apple.com/de/album/the-album/1440857781?i=1440857788"
            ])
            XCTAssertTrue(
                MainContext.spin(until: { harness.form.item?.name == "Linked Song" }), "the link's item opens")
            XCTAssertEqual(lookups.withLock { $0.last?["id"] }, "1440857788")
            XCTAssertEqual(lookups.withLock { $0.last?["country"] }, "DE", "in the link's store region")
            XCTAssertEqual(harness.names, ["Linked Song"])

            // Pasted into the search field.
            for refused in ["file:///etc/passwd", "https://example.com/us/album/id1"] {
                harness.search(refused)
                XCTAssertEqual(harness.main.visiblePage, .error)
                XCTAssertEqual(harness.main.errorText.title, "This Link Cannot Be Opened")
                XCTAssertFalse(harness.main.search.ui.retryButton.isVisible, "trying the same link again cannot help")
            }
            XCTAssertEqual(lookups.withLock { $0.count }, 1, "nothing was looked up for them")
            harness.search("https://apps.apple.com/us/app/gone/id999")
            XCTAssertEqual(harness.main.errorText.title, "Item Not Found")

            // Dropped on the window (a link dragged from a browser, with its title on the next line).
            XCTAssertTrue(
                harness.main.textDropped(
                    "https://music.apple.com/us/album/the-album/1440857781?i=1440857788\nLinked Song"))
            XCTAssertTrue(
                MainContext.spin(until: { harness.form.item?.name == "Linked Song" }), "a dropped link opens its item")
            XCTAssertEqual(lookups.withLock { $0.last?["country"] }, "US")
            XCTAssertTrue(harness.main.textDropped("file:///etc/passwd"))
            XCTAssertTrue(MainContext.spin(until: { harness.main.visiblePage == .error }))
            XCTAssertEqual(harness.main.errorText.title, "This Link Cannot Be Opened")
            XCTAssertNil(harness.form.item, "the linked item, no longer in the list on screen, is not left open")
        }
    }

    /// Issue #31: the store may list another record before the one the link names (the album of
    /// a `?i=` track); the link's own item opens.
    func testAStoreLinkOpensTheItemItNamesWhereverTheAnswerListsIt() throws {
        let server = CountingServer()
        server.route("/lookup") { _ in
            LocalServerResponse(
                body: Data(
                    #"""
                    {"resultCount":2,"results":[
                    {"wrapperType":"collection","collectionType":"Album","collectionId":1440857781,"collectionName":"The Album","artistName":"Band","collectionPrice":9.99,"currency":"USD"},
                    {"wrapperType":"track","kind":"song","trackId":1440857788,"collectionId":1440857781,"trackName":"Linked Song","artistName":"Band","collectionName":"The Album","trackPrice":1.29,"currency":"USD"}]}
                    """#.utf8))
        }
        let base = try server.start()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base)
            defer { harness.dispose() }
            _ = harness.main.handleSecondLaunch(arguments: [
                "https://music.apple.com/us/album/the-album/1440857781?i=1440857788"
            ])
            XCTAssertTrue(MainContext.spin(until: { harness.form.item != nil }))
            XCTAssertEqual(harness.form.item?.name, "Linked Song")
            harness.search("https://music.apple.com/us/album/the-album/1440857781")
            XCTAssertTrue(
                MainContext.spin(until: { harness.form.item?.name == "The Album" }),
                "the album's own link opens the album")
            harness.search("https://music.apple.com/us/album/the-album/1234")
            XCTAssertEqual(
                harness.main.errorText.title, "Item Not Found", "an answer without the link's id is not that item")
        }
    }

    /// The offline catalog answers `/lookup` too: a link to one of its items opens it, and an
    /// unknown one says it was not found (not that the store failed).
    func testAStoreLinkOpensItsItemFromTheOfflineCatalog() throws {
        try WindowHarness.withCatalogWindow { harness in
            _ = harness.main.handleSecondLaunch(arguments: [
                "https://music.apple.com/us/album/kuzu-kuzu/200001?i=300001"
            ])
            XCTAssertTrue(
                MainContext.spin(until: { harness.form.item?.name == "Kuzu Kuzu" }), "\(harness.main.errorText)")
            XCTAssertEqual(harness.names, ["Kuzu Kuzu"])
            harness.search("https://apps.apple.com/us/app/gone/id999")
            XCTAssertEqual(harness.main.errorText.title, "Item Not Found")
            XCTAssertFalse(harness.main.search.ui.retryButton.isVisible)
        }
    }

    /// A second launch's search or link, and a result picked in the overview, show on the Search
    /// page even when My Items was open; the picked result is not shown under an old term.
    func testSearchesAndPicksFromOutsideShowOnTheSearchPage() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            main.myItems.showPage(myItems: true)
            _ = main.handleSecondLaunch(arguments: ["--search", "kuzu"])
            XCTAssertFalse(main.myItems.isShowingMyItems, "a second launch's --search is shown")
            XCTAssertTrue(MainContext.spin(until: { harness.names.contains("Kuzu Kuzu") }))

            main.myItems.showPage(myItems: true)
            _ = main.handleSecondLaunch(arguments: ["https://music.apple.com/us/album/kuzu-kuzu/200001?i=300001"])
            XCTAssertFalse(main.myItems.isShowingMyItems, "and so is its link")

            harness.search("tarkan")
            let picked = try XCTUnwrap(main.shownItems.first { $0.name != "Kuzu Kuzu" }?.result)
            main.showFromOverview(picked, isMine: false)
            XCTAssertEqual(harness.names, [picked.name])
            XCTAssertEqual(
                main.searchEntry.text, "", "the entry does not claim the picked result was found for “tarkan”")
        }
    }

    /// A failure page on the Search page leaves My Items' open item alone, and what was open
    /// from the results is not brought back beside the failure.
    func testAFailureBehindMyItemsLeavesItsDetailAlone() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")  // visited: one of My Items
            main.myItems.showPage(myItems: true)
            let page = main.myItems.page
            XCTAssertTrue(MainContext.spin(until: { page.count == 1 }))
            page.views.list.activate(0)
            XCTAssertEqual(harness.form.item?.name, "Kuzu Kuzu")
            main.searchEntry.text = "file:///etc/passwd"
            main.search.runSearch()  // as the busy store's countdown runs a search by itself
            XCTAssertEqual(main.visiblePage, .error)
            XCTAssertEqual(harness.form.item?.name, "Kuzu Kuzu", "My Items' open item stays")
            main.myItems.showPage(myItems: false)
            XCTAssertNil(harness.form.item, "the Search page shows its failure, with nothing open beside it")
        }
    }
}
