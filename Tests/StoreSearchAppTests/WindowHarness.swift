import Adw
import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// The real main window over a given server and data directory, driven as a user would: text
/// typed into fields, Enter, clicks, selection, close.
@MainActor
final class WindowHarness {
    /// One registered application for every UI test (windows need a registered application).
    static let application: Application = {
        let application = StoreSearchApp.makeApplication(id: "io.github.storesearch.StoreSearch.Tests")
        // The app's own actions (a notification's click), run on the newest harness's window.
        ApplicationActions.add(to: application) {
            newest?.main
        } showWindow: { work in
            guard let main = newest?.main else { return }
            work(main)
            main.window.present()
        }
        precondition(application.register(), "cannot register the test application")
        return application
    }()
    /// The harness made last (while it lives).
    private static weak var newest: WindowHarness?

    let paths: AppPaths
    let environment: AppEnvironment
    let main: MainWindow
    /// Where this window family keeps its window state (a relaunch passes it on).
    let settings: Settings.MemoryBackend

    /// `size`: the window's size, as a user would have resized it; nil keeps the remembered one.
    /// `appSettings`: the app's GSettings (nil: none, as without a schema). `charts`: the Search
    /// page shows the store's charts with nothing searched (off, its hint: the requests a test's
    /// store sees are then the test's own).
    init(
        apiBase: URL, paths: AppPaths = WindowHarness.temporaryPaths(), offline: Bool = false,
        isNetworkAvailable: Bool = true, settings: Settings.MemoryBackend = Settings.MemoryBackend(),
        size: (width: Int, height: Int)? = nil, appSettings: Settings? = nil, charts: Bool = false
    ) {
        var options = LaunchOptions()
        options.apiBase = apiBase
        options.offline = offline
        self.paths = paths
        self.settings = settings
        environment = AppEnvironment(
            options: options, paths: paths, resources: ResourceLocator.locate()!,
            userLocale: UserLocale(Locale(identifier: "en_US")), settings: appSettings,
            isNetworkAvailable: isNetworkAvailable)
        environment.showsCharts = charts
        main = MainWindow(application: Self.application, environment: environment, settings: settings)
        Self.newest = self
        if let size { main.window.setDefaultSize(width: size.width, height: size.height) }
        main.present()
        XCTAssertTrue(MainContext.spin(until: { self.main.window.isMapped && self.main.window.allocatedWidth > 0 }))
        // The item file is read in the background once the window shows; tests start from the items.
        XCTAssertTrue(
            MainContext.spin(until: { self.environment.items.keeper.isLoaded }), "the item file was never read")
    }

    /// Runs `body` with a window over the bundled catalog, served on 127.0.0.1; closes both after.
    nonisolated static func withCatalogWindow(
        paths: AppPaths = temporaryPaths(), size: (width: Int, height: Int)? = nil,
        _ body: @MainActor (WindowHarness) throws -> Void
    ) throws {
        let (catalog, base) = try startCatalog()
        defer { catalog.stop() }
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, paths: paths, size: size)
            defer { harness.dispose() }
            try body(harness)
        }
    }

    /// Runs `body` with a window over a store on 127.0.0.1 that answers every search with
    /// `answer` (`routes` adds others, such as /lookup); closes both after.
    nonisolated static func withWindow(
        answeringSearches answer: Data, size: (width: Int, height: Int)? = nil,
        routes: (CountingServer) -> Void = { _ in }, _ body: @MainActor (WindowHarness) throws -> Void
    ) throws {
        let server = CountingServer()
        server.route("/search") { _ in LocalServerResponse(body: answer) }
        routes(server)
        let base = try server.start()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, size: size)
            defer { harness.dispose() }
            try body(harness)
        }
    }

    /// The bundled offline catalog, served on 127.0.0.1 for the window to search.
    nonisolated static func startCatalog() throws -> (CatalogServer, URL) {
        let catalog = try CatalogServer(
            dataDirectory: MainLoop.repository.appending(path: "data"), server: CountingServer())
        return (catalog, try catalog.start())
    }

    nonisolated static func temporaryPaths() -> AppPaths {
        let root = MainLoop.temporaryDirectory()
        return AppPaths(dataDirectory: root.appending(path: "data"), cacheDirectory: root.appending(path: "cache"))
    }

    var itemsFile: URL { paths.dataDirectory.appending(path: "items.plist") }
    var names: [String] { main.shownItems.map(\.name) }
    var form: DetailForm { main.detail }

    /// Types `term` and presses Enter, then waits for the results pane to leave "searching".
    func search(_ term: String, file: StaticString = #filePath, line: UInt = #line) {
        main.searchEntry.text = term
        main.searchEntry.activate()
        waitForSearch(file: file, line: line)
    }

    func waitForSearch(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(
            MainContext.spin(
                until: { self.main.visiblePage != .searching && !self.main.isFillingResults },
                timeout: .seconds(15)), "the search never finished", file: file, line: line)
    }

    /// Selects the row named `name`, as the arrow keys do (it is not visited yet).
    func select(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let index = names.firstIndex(of: name) else {
            return XCTFail("no row \(name) in \(names)", file: file, line: line)
        }
        main.resultsList.selectedIndex = index
    }

    /// Opens the row named `name` as Enter or a click does: selected and marked visited.
    func open(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let index = names.firstIndex(of: name) else {
            return XCTFail("no row \(name) in \(names)", file: file, line: line)
        }
        main.resultsList.activate(index)
    }

    /// Replaces an entry's text and presses Enter.
    func type(_ text: String, into entry: Editable) {
        entry.text = text
        entry.activate()
    }

    /// Presses real keys through the X server (xdotool), as a user at the keyboard does: the
    /// pointer is moved over this window first (no window manager: X gives keyboard focus to
    /// the window under the pointer). `keys` are xdotool names such as "Escape", "alt+Left".
    /// The X server queues the events; callers spin the main loop until their effect shows.
    func pressKeys(_ keys: String..., file: StaticString = #filePath, line: UInt = #line) {
        pressKeys(keys, delay: 40, file: file, line: line)
    }

    /// Presses `keys` `delay` milliseconds apart (a held key repeats about every 30 ms).
    func pressKeys(_ keys: [String], delay: Int, file: StaticString = #filePath, line: UInt = #line) {
        xdotool(["key", "--delay", "\(delay)"] + keys, file: file, line: line)
    }

    /// Types `text` as real key presses (see `pressKeys`).
    func typeKeys(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        xdotool(["type", "--delay", "40", text], file: file, line: line)
    }

    /// Turns the mouse wheel `clicks` notches down with the pointer over the middle of `widget`
    /// (through the X server: button 5).
    func scrollWheel(over widget: Widget, clicks: Int, file: StaticString = #filePath, line: UInt = #line) {
        withPointer(
            over: widget, then: ["click", "--repeat", "\(clicks)", "--delay", "60", "5"], file: file, line: line)
    }

    /// Clicks the middle of `widget` with the real pointer (xdotool through the X server).
    /// Without a window manager the keyboard then follows the pointer into this window.
    func click(_ widget: Widget, file: StaticString = #filePath, line: UInt = #line) {
        withPointer(over: widget, then: ["click", "1"], file: file, line: line)
    }

    /// Moves the real pointer to the middle of `widget`, then runs the xdotool `actions` there: the
    /// widget's bounds in the window, moved by where the window starts in its X window (the
    /// decorations' shadow), relative to that X window, found by a title of its own for the
    /// moment and raised first (a window another test left on screen may lie over it).
    private func withPointer(over widget: Widget, then actions: [String], file: StaticString, line: UInt) {
        guard let bounds = widget.bounds(in: main.window) else {
            return XCTFail("\(widget) is not laid out", file: file, line: line)
        }
        let offset = main.window.surfaceOffset
        let title = main.window.title
        let unique = "StoreSearch \(UUID().uuidString)"
        main.window.title = unique
        defer { main.window.title = title }
        MainContext.spin(until: { false }, timeout: .milliseconds(100))  // the X server has the new title
        xdotool(
            [
                "search", "--sync", "--name", "^\(unique)$", "windowraise", "%1", "sleep", "0.2", "mousemove",
                "--window", "%1",
                "\(Int(offset.x + bounds.x + bounds.width / 2))", "\(Int(offset.y + bounds.y + bounds.height / 2))",
                "sleep", "0.2",
            ] + actions, file: file, line: line)
    }

    /// Clicks mouse `button` (8: a mouse's Back button) with the pointer over the window's top left.
    func clickMouseButton(_ button: Int, file: StaticString = #filePath, line: UInt = #line) {
        xdotool(["click", "\(button)"], file: file, line: line)
    }

    /// Resizes the window through the X server, as a user dragging its edge does.
    func resize(width: Int, height: Int, file: StaticString = #filePath, line: UInt = #line) {
        xdotool(
            ["search", "--name", "^StoreSearch$", "windowsize", "%@", "\(width)", "\(height)"], file: file, line: line)
    }

    private func xdotool(_ arguments: [String], file: StaticString, line: UInt) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = ["mousemove", "30", "30", "sleep", "0.1"] + arguments
        do {
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "xdotool \(arguments) failed", file: file, line: line)
        } catch {
            XCTFail("xdotool: \(error)", file: file, line: line)
        }
    }

    /// Closes the window as its close button does; true when it went away.
    func close() -> Bool {
        main.window.close()
        return MainContext.spin(until: { !self.main.window.isVisible }, timeout: .seconds(5))
    }

    /// Destroys the window if a test left it open, and stops the offline catalog.
    func dispose() {
        if main.window.isVisible { main.window.destroy() }
        environment.shutdown()
    }

    /// The item store as a new launch would load it.
    func savedStore() throws -> ItemStore {
        try ItemStoreFile(paths: paths).load().store
    }
}
