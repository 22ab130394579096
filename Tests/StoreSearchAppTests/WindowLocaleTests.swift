import CGtk
import Foundation
import Gtk
import GtkTesting
import HTTP
import StoreSearchCore
import TestSupport
import XCTest
@testable import StoreSearchApp

/// The real window for a German user (LANG=de_DE.UTF-8, compiled into a private LOCPATH):
/// German labels from the .mo files, the German store and language in the request, German
/// number formats; and the store region picked in the window, remembered across launches.
final class WindowLocaleTests: XCTestCase {
    nonisolated(unsafe) private static var locales: PrivateLocales?
    private static let variables = ["LC_ALL", "LC_MESSAGES", "LC_MONETARY", "LC_TIME", "LANG", "LANGUAGE", "LOCPATH"]
    private var savedEnvironment: [String: String?] = [:]
    private var savedLocale = "C"
    private var folder: URL!

    override class func setUp() {
        super.setUp()
        locales = try? PrivateLocales(["de_DE"])
    }

    override class func tearDown() {
        locales?.remove()
        super.tearDown()
    }

    override func setUpWithError() throws {
        guard let locales = Self.locales else { throw XCTSkip("no private locales") }
        for name in Self.variables { savedEnvironment[name] = ProcessInfo.processInfo.environment[name] }
        savedLocale = String(cString: setlocale(LC_ALL, nil))
        for name in Self.variables { unsetenv(name) }
        setenv("LOCPATH", locales.directory.path, 1)
        folder = MainLoop.temporaryDirectory()
    }

    override func tearDown() {
        for (name, value) in savedEnvironment {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        setlocale(LC_ALL, savedLocale)
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    /// The German user's locale, as main.swift sets it up.
    private func germanUser(file: StaticString = #filePath, line: UInt = #line) throws -> (UserLocale, ResourceLocator)
    {
        setenv("LANG", "de_DE.UTF-8", 1)
        let user = UserLocale.fromCLibrary(environment: ["LANG": "de_DE.UTF-8"])
        let resources = try XCTUnwrap(ResourceLocator.locate())
        let catalog = resources.localeDirectory.appending(path: "de/LC_MESSAGES/storesearch.mo")
        guard FileManager.default.fileExists(atPath: catalog.path) else {
            XCTFail("no \(catalog.path): run make l10n (make test does)", file: file, line: line)
            throw XCTSkip("no translations")
        }
        Localization.bind(localeDirectory: resources.localeDirectory)
        return (user, resources)
    }

    /// The real window for the German user, over the offline catalog, with its settings in `folder`.
    /// `store`: another server to search (the catalog's still runs).
    private func withGermanWindow(store: URL? = nil, _ body: @MainActor (MainWindow, CatalogServer) throws -> Void)
        throws -> (UserLocale, ResourceLocator)
    {
        let (user, resources) = try germanUser()
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        let folder: URL = folder
        try MainActor.assumeIsolated {
            var options = LaunchOptions()
            options.apiBase = store ?? base
            let paths = AppPaths(
                dataDirectory: folder.appending(path: "data"), cacheDirectory: folder.appending(path: "cache"))
            let settings = Settings.open(
                schemaID: StoreSearchApp.applicationID, directories: [resources.schemaDirectory],
                keyFile: folder.appending(path: "settings.ini"))
            let environment = AppEnvironment(
                options: options, paths: paths, resources: resources, userLocale: user,
                settings: try XCTUnwrap(settings, "schema in .build/schemas (make l10n)"),
                isNetworkAvailable: true)
            defer { environment.shutdown() }
            let main = MainWindow(application: WindowHarness.application, environment: environment)
            main.present()
            defer { main.window.destroy() }
            XCTAssertTrue(MainContext.spin(until: { main.window.isVisible }))
            try body(main, catalog)
        }
        return (user, resources)
    }

    /// German labels are longer than English ones: the window still folds to a phone's 360 px
    /// (the detail's and My Items' paired buttons have short German texts for it).
    func testTheGermanWindowStillFoldsToAPhonesWidth() throws {
        _ = try withGermanWindow { main, _ in
            main.searchEntry.text = "tarkan"
            main.searchEntry.activate()
            XCTAssertTrue(
                MainContext.spin(
                    until: { main.visiblePage == .results && !main.isFillingResults }, timeout: .seconds(15)))
            main.resultsList.activate(0)  // the detail's buttons, and a visited row
            XCTAssertEqual(main.environment.items.keeper.store.records.count, 1, "opened: visited")
            var minimum: Int32 = 0
            gtk_widget_measure(main.window.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
            XCTAssertLessThanOrEqual(minimum, 360, "the narrowest the German window can be")
        }
    }

    /// Issue #30: a movie's row in German ("Kaufen 24,99 AU$ · Leihen 6,99 AU$") held the window
    /// at 390 px; and neither the list, the open movie, My Items nor the cover grid may.
    func testTheGermanWindowFoldsToAPhonesWidthWithMoviePrices() throws {
        let store = try MovieStore.start()
        defer { store.stop() }
        _ = try withGermanWindow(store: store.baseURL!) { main, _ in
            @MainActor func minimumWidth() -> Int32 {
                _ = MainContext.spin(until: { false }, timeout: .milliseconds(200))
                var minimum: Int32 = 0
                gtk_widget_measure(main.window.widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
                return minimum
            }
            main.searchEntry.text = "film"
            main.searchEntry.activate()
            XCTAssertTrue(
                MainContext.spin(
                    until: { main.visiblePage == .results && !main.isFillingResults }, timeout: .seconds(15)))
            XCTAssertLessThanOrEqual(minimumWidth(), 360, "the list of movies")
            main.resultsList.activate(0)
            XCTAssertEqual(main.detail.item?.name, MovieStore.names[0])
            XCTAssertLessThanOrEqual(minimumWidth(), 360, "a movie open")
            main.results.gridButton.click()
            XCTAssertLessThanOrEqual(minimumWidth(), 360, "the cover grid")
            main.results.listButton.click()
            main.myItems.showPage(myItems: true)
            XCTAssertTrue(MainContext.spin(until: { main.myItems.page.count == 1 }), "the opened movie")
            XCTAssertLessThanOrEqual(minimumWidth(), 360, "My Items")
        }
    }

    func testGermanUserGetsGermanLabelsStoreAndFormats() throws {
        let folder: URL = folder
        let (user, resources) = try withGermanWindow { main, catalog in

            XCTAssertEqual(
                main.categoryDropDown.items, ["Alle", "Musik", "Software", "E-Books", "Filme", "Podcasts", "Hörbücher"])
            XCTAssertEqual(main.window.descendant(accessibleLabel: "Im Store suchen")?.widget, main.searchEntry.widget)
            XCTAssertNotNil(main.window.descendant(accessibleLabel: "Erscheinungsdatum"))
            XCTAssertNil(main.window.descendant(accessibleLabel: "Search the Store"), "no English label left")
            XCTAssertEqual(main.regionPicker.dropDown.items.first, "Automatisch (Deutschland)")

            main.categoryDropDown.selectedIndex = 1  // Musik
            main.searchEntry.text = "tarkan"
            main.searchEntry.activate()
            XCTAssertTrue(
                MainContext.spin(
                    until: { main.visiblePage == .results && !main.isFillingResults }, timeout: .seconds(15)))
            let request = try XCTUnwrap(catalog.searchRequests.last)
            XCTAssertEqual(request.query["country"], "DE")
            XCTAssertEqual(request.query["lang"], "de_de")
            XCTAssertEqual(main.countText, "13 Ergebnisse")
            // The row speaks a German price: "1,29 $" (a non-breaking space before the symbol).
            XCTAssertNotNil(main.resultsList.descendant(accessibleLabel: "Kuzu Kuzu, Tarkan, Song, 1,29\u{00A0}$"))

            // Closed, the region drop-down shows the code; its popup lists the names in German.
            XCTAssertEqual(main.regionPicker.dropDown.mappedLabelTexts, ["DE"])
            main.regionPicker.dropDown.popup()
            XCTAssertTrue(
                MainContext.spin(until: { main.regionPicker.dropDown.mappedLabelTexts.contains("Vereinigte Staaten") }),
                "\(main.regionPicker.dropDown.mappedLabelTexts.prefix(8))")
            XCTAssertTrue(main.regionPicker.dropDown.mappedLabelTexts.contains("Automatisch (Deutschland)"))

            // Picking Japan in the header searches again in the Japanese store and is saved.
            main.regionPicker.select("JP")
            XCTAssertTrue(
                MainContext.spin(until: {
                    catalog.searchRequests.last?.query["country"] == "JP" && !main.isFillingResults
                }))
            XCTAssertEqual(
                catalog.searchRequests.last?.query["lang"], "de_de", "the answers stay in the user's language")
            XCTAssertTrue(MainContext.spin(until: { main.regionPicker.dropDown.mappedLabelTexts.first == "JP" }))
            // Open, the popup holds the pointer: later tests' real mouse wheel went to it.
            main.regionPicker.dropDown.popdown()
            Settings.sync()
        }
        // A later launch (new settings over the same file) searches Japan; --country wins for one run.
        try MainActor.assumeIsolated {
            let settings = try XCTUnwrap(
                Settings.open(
                    schemaID: StoreSearchApp.applicationID, directories: [resources.schemaDirectory],
                    keyFile: folder.appending(path: "settings.ini")))
            XCTAssertEqual(StoreRegionSetting(settings: settings, override: nil, locale: user).country, "JP")
            let overridden = StoreRegionSetting(settings: settings, override: "BR", locale: user)
            XCTAssertEqual(overridden.country, "BR")
            overridden.choose(nil)  // Automatic again
            XCTAssertEqual(overridden.country, "DE")
            XCTAssertEqual(settings.string(StoreRegionSetting.key), "")
        }
    }
}
