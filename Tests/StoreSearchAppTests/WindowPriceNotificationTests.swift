import Foundation
import Gtk
import HTTP
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #33: the price-drop notification goes to a real notification server on the test's
/// session bus (Debian's notification-daemon, which shows it as a bubble on an X display of its
/// own, so that clicking it changes nothing on the display the other tests type into); what it
/// receives is read from the bus (`dbus-monitor`), and a click on its bubble (the server then
/// sends ActionInvoked "default") opens My Items showing Price Drops.
final class WindowPriceNotificationTests: XCTestCase {
    static let daemon = "/usr/lib/notification-daemon/notification-daemon"

    private var processes: [Process] = []

    override func tearDown() {
        for process in processes.reversed() where process.isRunning {  // the daemon before its display
            process.terminate()
            process.waitUntilExit()
        }
        processes = []
    }

    @discardableResult
    private func start(_ path: String, _ arguments: [String], output: FileHandle? = nil, display: String? = nil) throws
        -> Process
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let display {
            process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        }
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        processes.append(process)
        return process
    }

    /// An X server of the notification server's own (Xvfb on a free display number).
    private func startDisplay() throws -> String {
        let sockets = URL(fileURLWithPath: "/tmp/.X11-unix")
        guard
            let number = (150..<250).first(where: {
                !FileManager.default.fileExists(atPath: sockets.appending(path: "X\($0)").path)
                    && !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock")
            })
        else {
            throw CocoaError(.fileWriteFileExists)
        }
        try start("/usr/bin/Xvfb", [":\(number)", "-screen", "0", "1024x600x24", "-nolisten", "tcp"])
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: sockets.appending(path: "X\(number)").path), Date() < deadline {
            usleep(20_000)
        }
        return ":\(number)"
    }

    /// Runs a short command to its end and returns what it printed.
    private static func output(of path: String, _ arguments: [String], display: String? = nil) throws -> String {
        let process = Process(), pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let display {
            process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        }
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func testTheDropsNotificationReachesTheServerAndClickingItOpensPriceDrops() throws {
        XCTAssertTrue(
            FileManager.default.isExecutableFile(atPath: Self.daemon), "make test installs notification-daemon")
        let folder = MainLoop.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let monitorLog = folder.appending(path: "bus.log")
        FileManager.default.createFile(atPath: monitorLog.path, contents: nil)
        let log = try FileHandle(forWritingTo: monitorLog)
        defer { try? log.close() }
        try start("/usr/bin/dbus-monitor", ["--session", "interface='org.freedesktop.Notifications'"], output: log)
        let display = try startDisplay()
        try start(Self.daemon, ["--replace"], display: display)
        _ = try Self.output(
            of: "/usr/bin/gdbus", ["wait", "--session", "--timeout", "10", "org.freedesktop.Notifications"])
        var busText: String { (try? String(contentsOf: monitorLog, encoding: .utf8)) ?? "" }

        try WindowPriceWatchTests.withKeptItems(answering: { _ in WindowPriceWatchTests.lookupAnswer(kuzuKuzu: "0.49") }
        ) { server, paths in
            try MainActor.assumeIsolated {
                let base = server.baseURL!
                let harness = WindowHarness(apiBase: base, paths: paths)
                defer { harness.dispose() }
                let main = harness.main
                XCTAssertTrue(
                    MainContext.spin(until: {
                        busText.contains("member=Notify") && busText.contains("Kuzu Kuzu: $0.49, was $0.99")
                    }),
                    "the server got no notification: \(busText)")
                XCTAssertTrue(busText.contains("string \"1 kept item is cheaper\""), busText)
                XCTAssertTrue(busText.contains("string \"default\""), "a default action: \(busText)")
                XCTAssertFalse(busText.contains("Steady"), "an unchanged price is not told of")
                // Issue #41: the server shows the app's name and icon (it showed "storesearch" and none).
                XCTAssertTrue(busText.contains("string \"StoreSearch\""), "the app's name: \(busText)")
                XCTAssertTrue(
                    busText.contains(
                        "string \"image-path\"\n         variant             string \"io.github.storesearch.StoreSearch\""
                    ),
                    "the app's icon: \(busText)")
                main.myItems.showPage(myItems: false)

                // The bubble the server shows on its display, clicked as a user does.
                var bubble = ""
                XCTAssertTrue(
                    MainContext.spin(until: {
                        bubble =
                            (try? Self.output(
                                of: "/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^Notification$"],
                                display: display))?
                            .split(separator: "\n").last.map(String.init) ?? ""
                        return !bubble.isEmpty
                    }), "notification-daemon showed no bubble")
                _ = try Self.output(
                    of: "/usr/bin/xdotool", ["mousemove", "--window", bubble, "120", "50", "click", "1"],
                    display: display)
                XCTAssertTrue(
                    MainContext.spin(until: { busText.contains("member=ActionInvoked") }),
                    "the server sent no ActionInvoked: \(busText)")
                XCTAssertTrue(
                    MainContext.spin(until: { main.myItems.isShowingMyItems && main.myItems.page.filter == .priceDrops }
                    ),
                    "the notification's default action opens My Items on Price Drops")
                XCTAssertTrue(MainContext.spin(until: { main.myItems.page.shown.map(\.item.name) == ["Kuzu Kuzu"] }))
                // notification-daemon reads bodies as markup: a store's name is text there.
                WindowHarness.application.sendNotification(
                    id: "markup", title: "Names", body: "Simon & Garfunkel <b>Live</b>", defaultAction: nil)
                XCTAssertTrue(
                    MainContext.spin(until: { busText.contains("Simon &amp; Garfunkel &lt;b&gt;Live&lt;/b&gt;") }),
                    "the body's markup is escaped: \(busText)")
                XCTAssertTrue(harness.close())
            }
        }
    }

    /// Issue #41: what a freedesktop server that reads markup gets for a body.
    func testEscapingMarkupLeavesOnlyText() {
        XCTAssertEqual(
            Application.escapingMarkup("Simon & Garfunkel <b>Live</b> <a href=\"x\">1 > 0</a> Şımarık"),
            "Simon &amp; Garfunkel &lt;b&gt;Live&lt;/b&gt; &lt;a href=\"x\"&gt;1 &gt; 0&lt;/a&gt; Şımarık")
        XCTAssertEqual(Application.escapingMarkup("&amp;"), "&amp;amp;", "text, not markup: escaped again")
        XCTAssertEqual(Application.escapingMarkup(""), "")
    }

    /// Turned off (the main menu's switch, GSettings `notify-price-drops`), nothing is sent.
    func testNoNotificationWhenTurnedOff() throws {
        try WindowPriceWatchTests.withKeptItems(answering: { _ in WindowPriceWatchTests.lookupAnswer(kuzuKuzu: "0.49") }
        ) { server, paths in
            MainActor.assumeIsolated {
                let base = server.baseURL!
                let settings = Settings(schemaID: StoreSearchApp.applicationID, backend: Settings.MemoryBackend())
                XCTAssertNotNil(settings, "the schema is compiled into GSETTINGS_SCHEMA_DIR")
                var options = LaunchOptions()
                options.apiBase = base
                let environment = AppEnvironment(
                    options: options, paths: paths, resources: ResourceLocator.locate()!,
                    userLocale: UserLocale(Locale(identifier: "en_US")), settings: settings, isNetworkAvailable: true)
                environment.showsCharts = false  // the store's requests are the price check's
                let main = MainWindow(
                    application: WindowHarness.application, environment: environment, settings: Settings.MemoryBackend()
                )
                main.present()
                defer {
                    main.window.close()
                    MainContext.spin(until: { !main.window.isVisible }, timeout: .seconds(5))
                    if main.window.isVisible { main.window.destroy() }  // never left over the next test's window
                    environment.shutdown()
                }
                XCTAssertTrue(main.priceDrops.isEnabled)
                XCTAssertTrue(
                    main.window.activateAction(WindowAction.notifyPriceDrops.detailedName), "the main menu's switch")
                XCTAssertEqual(settings?.bool(PriceDropNotifier.settingKey), false)
                XCTAssertTrue(
                    MainContext.spin(until: {
                        environment.items.keeper.store.records["track:1440857788"]?.priceChange != nil
                    }
                    ))
                XCTAssertTrue(MainContext.spin(until: { !main.priceWatch.isChecking }))
                XCTAssertNil(main.priceDrops.lastSent, "turned off: nothing sent")
            }
        }
    }
}
