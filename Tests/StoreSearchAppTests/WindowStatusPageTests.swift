import CGtk
import Foundation
import Gtk
import XCTest
@testable import StoreSearchApp

/// Status pages show the user's term as typed: AdwStatusPage reads its description as markup.
final class WindowStatusPageTests: XCTestCase {
    /// Texts of the labels inside `widget`, as drawn.
    @MainActor private static func labelTexts(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var texts: [String] = []
        if shim_is_a(widget, gtk_label_get_type()) != 0 {
            texts.append(String(cString: gtk_label_get_text(OpaquePointer(widget))))
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            texts += Self.labelTexts(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return texts
    }

    func testNothingFoundPageShowsATermWithMarkupCharactersAsTyped() throws {
        try WindowHarness.withCatalogWindow { harness in
            harness.search("R&B <b>zzzz</b>")
            XCTAssertEqual(harness.main.search.visiblePage, .empty)
            let shown = Self.labelTexts(in: harness.main.search.ui.emptyPage.widget)
            XCTAssertTrue(shown.contains { $0.contains("“R&B <b>zzzz</b>”") }, "labels on screen: \(shown)")
        }
    }
}
