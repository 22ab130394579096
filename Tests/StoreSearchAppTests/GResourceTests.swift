import CGtk
import Foundation
import Gtk
import GtkTesting
import XCTest
import StoreSearchCore
@testable import StoreSearchApp

/// The `.ui` and CSS files are compiled into the binary (Plugins/GResource): every one in
/// Resources/ is in it, and every `.ui` builds with libadwaita initialised, so a broken or
/// forgotten `.ui` file fails `make test` instead of the app at run time.
final class GResourceTests: XCTestCase {
    private static func sourceFiles(_ suffixes: [String]) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: MainLoop.repository.appending(path: "Resources").path)
            .filter { name in suffixes.contains { name.hasSuffix($0) } }.sorted()
    }

    func testEveryUIAndCSSFileIsInTheResource() throws {
        try MainActor.assumeIsolated {
            _ = AppResources.path("")  // registers
            let compiled = ResourceFiles.names(in: AppResources.folder).sorted()
            let expected = try Self.sourceFiles([".ui", ".css"])
            XCTAssertFalse(expected.isEmpty)
            XCTAssertEqual(compiled, expected, "the resource is stale: run make build")
            for name in compiled {
                let original = try Data(contentsOf: MainLoop.repository.appending(path: "Resources/\(name)"))
                var size = 0
                XCTAssertNotEqual(
                    g_resources_get_info(AppResources.path(name), G_RESOURCE_LOOKUP_FLAGS_NONE, &size, nil, nil), 0)
                XCTAssertEqual(
                    size, original.count, "\(name) in the resource differs from Resources/\(name): run make build")
            }
        }
    }

    func testEveryUIFileBuildsWithLibadwaita() {
        MainActor.assumeIsolated {
            _ = WindowHarness.application  // an AdwApplication, registered: adw_init has run
            let names = ResourceFiles.names(in: AppResources.folder).filter { $0.hasSuffix(".ui") }
            XCTAssertGreaterThanOrEqual(names.count, 5)
            for name in names {
                let builder = gtk_builder_new()!
                defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
                var error: UnsafeMutablePointer<GError>?
                let loaded = gtk_builder_add_from_resource(builder, AppResources.path(name), &error) != 0
                XCTAssertTrue(loaded, "\(name): \(error.map { String(cString: $0.pointee.message) } ?? "?")")
                if let error { g_error_free(error) }
                // Toplevels the file made would outlive the builder otherwise.
                Self.destroyWindows(in: builder)
            }
        }
    }

    func testAGtkBuilderErrorIsReported() {
        MainActor.assumeIsolated {
            do {
                _ = try Builder(resource: AppResources.path("no-such-file.ui"))
                XCTFail("a missing .ui file loaded")
            } catch {
                XCTAssertTrue("\(error)".contains("no-such-file.ui"), "\(error)")
            }
        }
    }

    private static func destroyWindows(in builder: OpaquePointer) {
        guard let objects = gtk_builder_get_objects(builder) else { return }
        defer { g_slist_free(objects) }
        var node: UnsafeMutablePointer<GSList>? = objects
        while let current = node {
            if let data = current.pointee.data,
                g_type_check_instance_is_a(data.assumingMemoryBound(to: GTypeInstance.self), gtk_window_get_type()) != 0
            {
                gtk_window_destroy(data.assumingMemoryBound(to: GtkWindow.self))
            }
            node = current.pointee.next
        }
    }

    /// Issue #17: every page name the code uses (its page enums) is a page of the stack it names
    /// in the .ui files, so a renamed page fails here, not at run time.
    func testEveryPageTheCodeNamesIsInItsStack() throws {
        try WindowHarness.withCatalogWindow { harness in
            let main = harness.main
            func check<Page: CaseIterable & RawRepresentable<String>>(
                _: Page.Type, _ has: (String) -> Bool, _ stack: String
            ) {
                for page in Page.allCases {
                    XCTAssertTrue(has(page.rawValue), "\(stack) has no page “\(page.rawValue)”")
                }
            }
            check(SearchController.Page.self, main.search.resultsStack.hasPage, "results_stack")
            check(DetailForm.Page.self, main.detail.ui.detailStack.hasPage, "detail_stack")
            check(DetailForm.ArtworkPage.self, main.detail.ui.artworkStack.hasPage, "artwork_stack")
            check(MyItemsPage.Page.self, main.myItems.page.stack.hasPage, "my_items_stack")
            check(MyItemsController.Page.self, main.myItems.pages.hasPage, "pages_stack")
            check(AdaptiveLayout.Pane.self, main.layout.leaflet.hasPane, "leaflet")
            check(WindowState.ViewMode.self, main.results.views.viewStack.hasPage, "view_stack")
            check(WindowState.ViewMode.self, main.myItems.page.views.viewStack.hasPage, "my_items_view_stack")
            check(ExploreController.Page.self, main.explore.root.hasPage, "explore_page")
            let section = ChartSection(
                chart: Chart(feed: .topsongs, country: "US"), seeAll: { _ in }, open: { _ in }, retry: {})
            check(ChartSection.Page.self, section.ui.sectionStack.hasPage, "section_stack")
        }
    }
    /// Issue #17: every `win.` action a .ui file names (a button's action-name, a menu item's
    /// action) is a `WindowAction`, and every `WindowAction` is added to the window, so a renamed
    /// action fails here instead of leaving a button that silently does nothing.
    func testEveryActionTheUIFilesNameIsAWindowActionTheWindowHas() throws {
        let named = try Self.sourceFiles([".ui"]).flatMap { name in
            let text = try String(contentsOf: MainLoop.repository.appending(path: "Resources/\(name)"), encoding: .utf8)
            return text.matches(of: /name="action(?:-name)?">win\.([a-z-]+)</).map {
                (file: name, action: String($0.1))
            }
        }
        XCTAssertGreaterThan(named.count, 10)
        for (file, action) in named {
            XCTAssertNotNil(WindowAction(rawValue: action), "\(file) names win.\(action), which is not a WindowAction")
        }
        try WindowHarness.withCatalogWindow { harness in
            for action in WindowAction.allCases {
                XCTAssertNotNil(
                    g_action_map_lookup_action(OpaquePointer(harness.main.window.widget), action.rawValue),
                    "the window has no \(action.detailedName)")
            }
        }
    }

    /// Every window and application accelerator is listed in the Keyboard Shortcuts window (Undo and
    /// Redo were not).
    func testTheShortcutsWindowListsEveryAccelerator() throws {
        let text = try String(
            contentsOf: MainLoop.repository.appending(path: "Resources/shortcuts-window.ui"), encoding: .utf8)
        let listed = Set(
            text.matches(of: /name="accelerator">([^<]*)</).flatMap { match in
                match.1.split(separator: " ").map {
                    $0.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                }
            })
        for (action, keys) in MainActor.assumeIsolated({ WindowActions.accelerators }) {
            XCTAssertTrue(
                listed.contains(keys[0]), "\(keys[0]) (\(action.detailedName)) is not in the shortcuts window")
        }
        for (action, keys) in MainActor.assumeIsolated({ ApplicationActions.accelerators }) {
            XCTAssertTrue(listed.contains(keys[0]), "\(keys[0]) (\(action)) is not in the shortcuts window")
        }
    }
}
