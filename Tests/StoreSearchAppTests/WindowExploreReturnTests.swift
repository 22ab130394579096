import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// After a search the charts could not be reached again: emptying the search field left the last
/// search's results under it. Emptying it (Escape, deleting the term, its clear icon, Enter with
/// nothing typed) shows the charts again, as GNOME Software goes back to Explore, and cancels a
/// search on its way; the next search brings results. What empties or fills the field without the
/// user (typing a new term on the results, an item shown alone) and Escape elsewhere leave the
/// results on screen.
final class WindowExploreReturnTests: XCTestCase {
    /// The clear icon clicked while a row has the focus (which leaves with the results): the
    /// charts, and the keys go on to the field (a tester's keyboard went dead).
    @MainActor
    private static func clickClearIconWhileARowHasTheFocus(_ harness: WindowHarness) throws {
        let main = harness.main, entry = main.searchEntry
        let showsCharts = { main.visiblePage == .hint && main.explore.visiblePage == .charts }
        main.results.focusFirst()
        let clearIcon = try XCTUnwrap(
            entry.children.last { $0.isMapped && $0.mappedIconNames.contains { $0.contains("clear") } },
            "the field's clear icon")
        harness.click(clearIcon)
        XCTAssertTrue(MainContext.spin(until: showsCharts), "its clear icon: the charts")
        XCTAssertEqual(entry.text, "")
        XCTAssertTrue(entry.containsFocus, "the field has the keys")
        harness.typeKeys("k")
        XCTAssertTrue(MainContext.spin(until: { entry.text == "k" }), entry.text)
        harness.pressKeys("BackSpace")
        XCTAssertTrue(MainContext.spin(until: showsCharts))
    }

    func testEmptyingTheSearchFieldShowsTheChartsAgain() throws {
        let (server, base) = try WindowExploreTests.startStore()
        defer { server.stop() }
        server.route("/search") { request in
            var answer = LocalServerResponse(body: WindowBrowseTests.fixture("song.json"))
            if request.query["term"] == "slow" { answer.delay = .seconds(2) }
            return answer
        }
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, charts: true)
            defer { harness.dispose() }
            let main = harness.main, entry = main.searchEntry
            let showsCharts = { main.visiblePage == .hint && main.explore.visiblePage == .charts }
            XCTAssertTrue(MainContext.spin(until: showsCharts, timeout: .seconds(15)))
            Self.search("tarkan", in: harness)
            harness.open(harness.names[0])
            XCTAssertNotNil(harness.form.item)

            // Escape in the detail: back to the results, the field as it was.
            XCTAssertTrue(main.keepButton.grabFocus())
            harness.pressKeys("Escape")
            XCTAssertTrue(MainContext.spin(until: { main.resultsList.containsFocus }))
            XCTAssertEqual(main.visiblePage, .results)
            XCTAssertEqual(entry.text, "tarkan")

            entry.grabFocus()
            harness.pressKeys("Escape")
            XCTAssertTrue(MainContext.spin(until: showsCharts), "Escape in the field: the charts")
            XCTAssertEqual(entry.text, "")
            XCTAssertNil(harness.form.item, "the results' open item went with them")
            XCTAssertTrue(main.shownItems.isEmpty)

            Self.search("tarkan", in: harness)
            harness.pressKeys("ctrl+a", "BackSpace")
            XCTAssertTrue(MainContext.spin(until: showsCharts), "the term deleted: the charts")

            Self.search("tarkan", in: harness)
            try Self.clickClearIconWhileARowHasTheFocus(harness)

            // Typing a new term on the results starts it in the field; the results stay until Enter.
            Self.search("tarkan", in: harness)
            main.results.focusFirst()
            harness.typeKeys("ku")
            XCTAssertTrue(MainContext.spin(until: { entry.text == "ku" }), entry.text)
            XCTAssertEqual(main.visiblePage, .results)
            // So does typing over the selected term (GTK empties the field on the way).
            harness.pressKeys("ctrl+f")
            harness.typeKeys("tar")
            XCTAssertTrue(MainContext.spin(until: { entry.text == "tar" }), entry.text)
            XCTAssertEqual(main.visiblePage, .results, "typing over the term is no emptying")
            XCTAssertFalse(main.shownItems.isEmpty)

            // An item shown alone (a link from outside: a second launch, a drop) empties the field,
            // and shows the item.
            main.open(try StoreLink.parse("https://music.apple.com/us/album/karma/1440857781?i=1440857788").get())
            XCTAssertTrue(
                MainContext.spin(
                    until: { main.visiblePage == .results && harness.names == ["Kuzu Kuzu"] }, timeout: .seconds(15)))
            XCTAssertEqual(entry.text, "")
            entry.grabFocus()
            harness.pressKeys("Return")
            XCTAssertTrue(MainContext.spin(until: showsCharts), "Enter with nothing typed: the charts")

            // A search on its way is cancelled: its answer never takes the page.
            entry.grabFocus()
            harness.typeKeys("slow")
            harness.pressKeys("Return")
            XCTAssertTrue(MainContext.spin(until: { main.visiblePage == .searching }))
            harness.pressKeys("ctrl+a", "BackSpace")
            XCTAssertTrue(MainContext.spin(until: showsCharts))
            XCTAssertFalse(
                MainContext.spin(until: { !showsCharts() }, timeout: .seconds(3)), "the late answer is not shown")
            Self.search("tarkan", in: harness)
        }
    }

    /// Without the charts (turned off, as in the tests of other parts), the hint comes back.
    func testWithoutTheChartsEmptyingTheFieldShowsTheHint() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            XCTAssertEqual(main.explore.visiblePage, .hint)
            Self.search("harbor", in: harness)
            harness.pressKeys("Escape")
            XCTAssertTrue(MainContext.spin(until: { main.visiblePage == .hint }), "the hint")
            XCTAssertEqual(main.explore.visiblePage, .hint)
        }
    }

    /// Types `term` into the focused search field and presses Enter, with real keys.
    @MainActor
    private static func search(
        _ term: String, in harness: WindowHarness, file: StaticString = #filePath, line: UInt = #line
    ) {
        let main = harness.main
        main.searchEntry.grabFocus()  // selects what is there: typing replaces it
        harness.typeKeys(term, file: file, line: line)
        XCTAssertTrue(
            MainContext.spin(until: { main.searchEntry.text == term }), "typed: \(main.searchEntry.text)", file: file,
            line: line)
        harness.pressKeys("Return", file: file, line: line)
        XCTAssertTrue(
            MainContext.spin(
                until: { main.visiblePage == .results && !main.isFillingResults && !harness.names.isEmpty },
                timeout: .seconds(15)), "no results for \(term): \(main.visiblePage)", file: file, line: line)
    }
}
