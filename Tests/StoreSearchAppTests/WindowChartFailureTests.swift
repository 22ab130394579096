import Foundation
import Gtk
import GtkTesting
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// A failed chart's message ran its title into its text ("The iTunes Store Had a Problem The
/// store answered…"), and charts failing for one reason each said it again. Charts that fail for
/// the same reason say it once, as a search's failure does (its title as a heading, the
/// explanation below, one Retry), where the first of them would be; every chart failing is the
/// whole page's failure; one chart failing says it in its section, title over text.
final class WindowChartFailureTests: XCTestCase {
    typealias Shared = WindowBrowseTests.Shared

    func testChartsFailingForOneReasonSayItOnceAndRetryAsksAgain() throws {
        let failing = Set(ChartFeed.feeds(for: .all).map(\.rawValue)).subtracting(["topsongs"])
        let unavailable = Shared(failing)
        let (server, base) = try WindowExploreTests.startStore(unavailable: unavailable)
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, charts: true)
            defer { harness.dispose() }
            let main = harness.main, explore = main.explore
            XCTAssertTrue(MainContext.spin(until: { explore.visiblePage == .charts }, timeout: .seconds(15)))
            XCTAssertEqual(explore.shownSections.map(\.chart.title), ["Top Songs"], "the chart that came")
            let failure = SearchFailure.serverProblem(status: 503)
            let sections = explore.ui.sectionsBox
            XCTAssertEqual(
                sections.mappedLabelTexts.filter { $0 == failure.title }, [failure.title], "said once")
            XCTAssertEqual(sections.mappedLabelTexts.filter { $0 == failure.message }, [failure.message])
            XCTAssertFalse(
                sections.mappedLabelTexts.contains { $0.contains(failure.title + " ") }, "no title run into its text")
            let note = try XCTUnwrap(explore.failureNotes.first)
            XCTAssertEqual(explore.failureNotes.count, 1)
            XCTAssertTrue(note.ui.noteTitleLabel.hasCSSClass("heading"), "its title a heading")
            let missing = [
                "Top Albums", "Top Free Apps", "Top Paid Apps", "Top Movies", "Top Paid Books", "Top Podcasts",
            ]
            XCTAssertTrue(
                missing.allSatisfy(note.ui.noteChartsLabel.text.contains),
                "which charts: \(note.ui.noteChartsLabel.text)")
            XCTAssertEqual(sections.mappedLabelTexts.filter { $0 == "Retry" }.count, 1, "one Retry")

            unavailable.withLock { $0 = [] }
            XCTAssertTrue(MainContext.spin(until: { note.root.allocatedWidth > 200 }), "laid out")
            harness.click(note.ui.noteRetryButton)
            XCTAssertTrue(
                MainContext.spin(
                    until: { explore.visiblePage == .charts && explore.shownSections.count == 3 },
                    timeout: .seconds(15)), "\(explore.shownSections.map(\.chart.title))")
            XCTAssertTrue(explore.failureNotes.isEmpty)
        }
    }
}
