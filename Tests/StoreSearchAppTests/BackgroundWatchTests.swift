import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchCore
import Synchronization
import TestSupport
import XCTest
@testable import StoreSearchApp

/// Issue #43: "Watch Prices in the Background". The switch writes and removes the autostart
/// entry; the built app, on a private session bus with settings in a key file of the test's own
/// (as dconf would keep them across processes), is turned on over D-Bus, and the entry's command
/// started as a session would (`gio launch`) notifies a real notification server with no window;
/// a closed window leaves the process running while the switch is on, and ends it when it is off.
final class BackgroundWatchTests: XCTestCase {
    private static let executable = URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appending(path: "storesearch")
    private static let appID = "io.github.storesearch.StoreSearch"
    private static let appPath = "/io/github/storesearch/StoreSearch"

    private var folder: URL!
    private var bus: PrivateSessionBus!
    private var processes: [Process] = []

    override func setUpWithError() throws {
        folder = MainLoop.temporaryDirectory()
        bus = try PrivateSessionBus()
    }

    override func tearDownWithError() throws {
        for process in processes.reversed() where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        processes = []
        bus.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private var paths: AppPaths {
        AppPaths(
            dataDirectory: folder.appending(path: "data/storesearch"),
            cacheDirectory: folder.appending(path: "cache/storesearch"))
    }

    private var entry: URL {
        AutostartEntry.url(environment: ["XDG_CONFIG_HOME": folder.appending(path: "config").path])
    }

    private func environment(apiBase: URL? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = folder.appending(path: "data").path
        environment["XDG_CACHE_HOME"] = folder.appending(path: "cache").path
        environment["XDG_CONFIG_HOME"] = folder.appending(path: "config").path
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["GSETTINGS_BACKEND"] = "keyfile"  // in XDG_CONFIG_HOME, read by every process
        environment["GTK_A11Y"] = "none"
        environment["STORESEARCH_API_BASE"] = apiBase?.absoluteString
        return environment
    }

    @discardableResult
    private func start(_ path: String, _ arguments: [String], environment: [String: String], output: FileHandle? = nil)
        throws -> Process
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        processes.append(process)
        return process
    }

    /// Runs a short command to its end (the main loop turning meanwhile: the test's store answers
    /// on it) and returns its status and output.
    @discardableResult
    private func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> (Int32, String) {
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = Mutex(Data())
        let reader = Thread { output.withLock { $0 = pipe.fileHandleForReading.readDataToEndOfFile() } }
        reader.start()
        MainActor.assumeIsolated { _ = MainContext.spin(until: { !process.isRunning }, timeout: .seconds(30)) }
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return (process.terminationStatus, String(decoding: output.withLock { $0 }, as: UTF8.self))
    }

    private func activate(_ action: String, environment: [String: String]) throws {
        let (status, output) = try run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--timeout", "10", "--dest", Self.appID, "--object-path", Self.appPath,
                "--method", "org.freedesktop.Application.ActivateAction", action, "[]", "{}",
            ], environment: environment)
        XCTAssertEqual(status, 0, "app.\(action): \(output)")
    }

    private func isOwned(environment: [String: String]) throws -> Bool {
        try run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                "--method", "org.freedesktop.DBus.NameHasOwner", Self.appID,
            ], environment: environment
        ).1.contains("true")
    }

    private func waitUntil(_ seconds: Double = 15, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            MainActor.assumeIsolated { _ = MainContext.spin(until: { false }, timeout: .milliseconds(100)) }
        }
        return try condition()
    }

    /// A StoreSearch window on the test's display (xdotool, as a user sees it).
    private func windowShows() throws -> Bool {
        try run(
            "/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^StoreSearch$"],
            environment: ProcessInfo.processInfo.environment
        ).0 == 0
    }

    private func setSwitch(_ on: Bool, environment: [String: String]) throws {
        let (status, output) = try run(
            "/usr/bin/gsettings", ["set", Self.appID, BackgroundWatch.key, on ? "true" : "false"],
            environment: environment)
        XCTAssertEqual(status, 0, output)
    }

    // MARK: The switch

    func testTheSwitchWritesAndRemovesTheAutostartEntry() throws {
        let config = folder.appending(path: "config").path, entry = entry
        let exists = { FileManager.default.fileExists(atPath: entry.path) }
        var text = ""
        try MainActor.assumeIsolated {
            let application = Application(id: "io.github.storesearch.StoreSearch.BackgroundTest")
            let settings = try XCTUnwrap(
                Settings(schemaID: StoreSearchApp.applicationID, backend: Settings.MemoryBackend()))
            let watch = BackgroundWatch(
                application: application, settings: settings, environment: ["XDG_CONFIG_HOME": config],
                executable: "/opt/Store Search/storesearch")
            XCTAssertTrue(application.register())
            var states: [Bool] = []
            watch.changed.subscribe { states.append($0) }
            XCTAssertEqual(application.boolActionState(BackgroundWatch.key), false, "off at first")

            application.activateAction(BackgroundWatch.key)  // the menu's check item
            XCTAssertTrue(MainContext.spin(until: exists))
            XCTAssertTrue(settings.bool(BackgroundWatch.key), "the setting follows")
            XCTAssertEqual(application.boolActionState(BackgroundWatch.key), true)
            text = try String(contentsOf: entry, encoding: .utf8)
            XCTAssertTrue(text.contains("\nExec=\"/opt/Store Search/storesearch\" --gapplication-service\n"), text)
            XCTAssertTrue(text.contains("\nNoDisplay=true\n"), text)

            application.activateAction(BackgroundWatch.key)
            XCTAssertTrue(MainContext.spin(until: { !exists() }))
            // `gsettings set` from elsewhere counts as the switch too.
            settings.setBool(BackgroundWatch.key, true)
            XCTAssertTrue(MainContext.spin(until: exists))
            XCTAssertEqual(states, [true, false, true])
            application.quit()
        }
        let (status, output) = try run("/usr/bin/desktop-file-validate", [entry.path], environment: [:])
        XCTAssertEqual(status, 0, output)
        XCTAssertEqual(output, "", "no warnings either")
    }

    // MARK: The service

    /// The window's own close (Ctrl+W), as its D-Bus action.
    private func closeWindow(environment: [String: String]) throws {
        let (status, output) = try run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--timeout", "10", "--dest", Self.appID, "--object-path",
                "\(Self.appPath)/window/1", "--method", "org.gtk.Actions.Activate", "close", "[]", "{}",
            ], environment: environment)
        XCTAssertEqual(status, 0, output)
    }

    /// The app launched with a window, which is then closed; returns the process.
    private func launchAndCloseWindow(switchOn: Bool) throws -> Process {
        try WindowPriceWatchTests.writeKeptItems(paths)
        let environment = environment(apiBase: URL(string: "http://127.0.0.1:9")!)
        try setSwitch(switchOn, environment: environment)
        let app = try start(Self.executable.path, [], environment: environment)
        XCTAssertTrue(try waitUntil { try self.isOwned(environment: environment) && self.windowShows() }, "the window")
        try closeWindow(environment: environment)
        XCTAssertTrue(try waitUntil { try !self.windowShows() }, "the window closed")
        return app
    }

    func testTheWindowClosedWithTheSwitchOnLeavesTheProcessRunningAndQuitEndsIt() throws {
        let app = try launchAndCloseWindow(switchOn: true)
        let environment = environment()
        XCTAssertFalse(try waitUntil(2) { !app.isRunning }, "the service runs on")
        XCTAssertTrue(try isOwned(environment: environment))
        XCTAssertTrue(FileManager.default.fileExists(atPath: entry.path), "the entry is written again at start")
        try activate("quit", environment: environment)  // Ctrl+Q, or GNOME Shell's Quit
        XCTAssertTrue(try waitUntil(10) { !app.isRunning }, "quit ends the service")
    }

    func testTheWindowClosedWithTheSwitchOffEndsTheProcess() throws {
        let app = try launchAndCloseWindow(switchOn: false)
        XCTAssertTrue(try waitUntil(10) { !app.isRunning }, "the process ends with its window")
        XCTAssertFalse(FileManager.default.fileExists(atPath: entry.path))
    }

    /// The process that owns the app's name (not this test's child when `gio launch` started it).
    private func ownerPID(environment: [String: String]) throws -> pid_t? {
        let output = try run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", Self.appID,
            ], environment: environment
        ).1
        return output.firstMatch(of: /uint32 (\d+)/).flatMap { pid_t($0.1) }
    }

    /// Turned on in a running service, then at the next login the entry's command (as the
    /// session starts it, `gio launch`): it checks the prices with no window and notifies a
    /// real notification server of the drop; the notification's action opens the window on
    /// Price Drops in that process; app.quit ends it.
    func testTheEntrysCommandNotifiesOfADropWithNoWindow() throws {
        let daemon = WindowPriceNotificationTests.daemon
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: daemon), "make test installs notification-daemon")
        try WindowPriceWatchTests.writeKeptItems(paths)
        let server = CountingServer()
        server.route("/lookup", WindowPriceWatchTests.droppedAfterFirstLookup())
        _ = try server.start()
        defer { server.stop() }
        let environment = environment(apiBase: server.baseURL!)
        let busLog = folder.appending(path: "bus.log")
        FileManager.default.createFile(atPath: busLog.path, contents: nil)
        let log = try FileHandle(forWritingTo: busLog)
        defer { try? log.close() }
        try start(
            "/usr/bin/dbus-monitor", ["--session", "interface='org.freedesktop.Notifications'"],
            environment: environment, output: log)
        try start(daemon, ["--replace"], environment: environment)
        try run(
            "/usr/bin/gdbus", ["wait", "--session", "--timeout", "10", "org.freedesktop.Notifications"],
            environment: environment)
        var busText: String { (try? String(contentsOf: busLog, encoding: .utf8)) ?? "" }

        // Turned on in a service started for the overview: it watches at once (nothing changed yet).
        let first = try start(Self.executable.path, ["--gapplication-service"], environment: environment)
        XCTAssertTrue(try waitUntil { try self.isOwned(environment: environment) })
        try activate(BackgroundWatch.key, environment: environment)
        XCTAssertTrue(try waitUntil { FileManager.default.fileExists(atPath: self.entry.path) }, "the entry")
        XCTAssertTrue(try waitUntil { server.requestCount(path: "/lookup") == 1 }, "checked when turned on")
        try activate("quit", environment: environment)
        XCTAssertTrue(try waitUntil(10) { !first.isRunning })

        // The next login (the store's price has dropped since that first lookup).
        // (Its output is not read: the service it starts would hold a pipe open.)
        let launcher = try start("/usr/bin/gio", ["launch", entry.path], environment: environment)
        XCTAssertTrue(try waitUntil { !launcher.isRunning })
        XCTAssertEqual(launcher.terminationStatus, 0)
        defer { if let pid = try? ownerPID(environment: environment) { kill(pid, SIGTERM) } }
        XCTAssertTrue(
            try waitUntil(20) {
                busText.contains("member=Notify") && busText.contains("Kuzu Kuzu: $0.49, was $0.99")
            },
            "no notification: \(busText)")
        XCTAssertTrue(busText.contains("string \"1 kept item is cheaper\""), busText)
        XCTAssertFalse(try windowShows(), "no window")
        XCTAssertTrue(try isOwned(environment: environment), "the service runs on")
        XCTAssertEqual(server.requestCount(path: "/lookup"), 2)

        // What the notification's click runs.
        try activate("show-price-drops", environment: environment)
        XCTAssertTrue(try waitUntil { try self.windowShows() }, "the window opens on Price Drops")
        try activate("quit", environment: environment)
        XCTAssertTrue(try waitUntil(10) { try !self.isOwned(environment: environment) }, "quit ends the service")
    }

    /// `--refresh-prices` while the background watch runs asks it to check now and prints what
    /// it found (it used to fail with 75: the running app holds the items).
    func testRefreshPricesAsksTheRunningServiceAndPrintsTheChanges() throws {
        try WindowPriceWatchTests.writeKeptItems(paths)
        // The price drops after the service's check at start (decided by the lookup's order: a
        // flag set once the request was counted could still reach that first answer).
        let server = CountingServer()
        server.route("/lookup", WindowPriceWatchTests.droppedAfterFirstLookup())
        _ = try server.start()
        defer { server.stop() }
        let environment = environment(apiBase: server.baseURL!)
        try setSwitch(true, environment: environment)
        let service = try start(Self.executable.path, ["--gapplication-service"], environment: environment)
        XCTAssertTrue(try waitUntil { server.requestCount(path: "/lookup") == 1 }, "the service checks at start")

        let (status, output) = try run(Self.executable.path, ["--refresh-prices"], environment: environment)
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("Kuzu Kuzu: $0.49, was $0.99\n"), output)
        XCTAssertTrue(output.contains("Looked up: 2 items in 1 request. Prices changed: 1; cheaper: 1."), output)
        XCTAssertEqual(server.requestCount(path: "/lookup"), 2, "the service looked them up")
        XCTAssertTrue(service.isRunning)
        try activate("quit", environment: environment)
        XCTAssertTrue(try waitUntil(10) { !service.isRunning })
        let saved = try ItemStoreFile(paths: paths).load().store
        XCTAssertEqual(saved.records["track:1440857788"]?.snapshot?.price, Decimal(string: "0.49"), "saved at quit")
    }
}
