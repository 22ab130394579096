import Foundation
import Gtk
import StoreSearchCore
import TestSupport
import XCTest
@testable import StoreSearchApp

/// F1 asks the desktop to open the app's help, `help:io.github.storesearch.StoreSearch`, and the
/// desktop answers as GNOME resolves a URI scheme: the `x-scheme-handler/help` application that
/// mimeapps.list chooses among the desktop entries in XDG_DATA_HOME and XDG_DATA_DIRS. GIO reads
/// those folders once per process, so each case runs its window in a child test process started
/// with a desktop of its own (a private bus too, so the test application's id is free there):
/// `STORESEARCH_HELP_TEST` set makes a test method the child's side.
final class WindowHelpTests: XCTestCase {
    private static let childVariable = "STORESEARCH_HELP_TEST"
    /// Where the desktop's help viewer writes the URI it was given (the viewer case).
    private static let openedVariable = "STORESEARCH_HELP_OPENED"
    private static var isChild: Bool { ProcessInfo.processInfo.environment[childVariable] != nil }
    private static let helpURI = "help:io.github.storesearch.StoreSearch"

    private var folder: URL!

    override func setUp() {
        folder = MainLoop.temporaryDirectory()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func testF1AsksTheDesktopsHelpViewerForTheHelp() throws {
        if Self.isChild { return pressF1() }
        let opened = try makeDesktop(withHelpViewer: true)
        let output = try runChild("testF1AsksTheDesktopsHelpViewerForTheHelp", waitingFor: opened)
        XCTAssertEqual(
            try? String(contentsOf: opened, encoding: .utf8), Self.helpURI,
            "the help viewer was started with the help's URI: \(output)")
        XCTAssertFalse(output.contains("Could not open"), output)
    }

    func testWithoutAHelpViewerANoticeSaysSo() throws {
        if Self.isChild { return pressF1() }
        _ = try makeDesktop(withHelpViewer: false)
        let output = try runChild("testWithoutAHelpViewerANoticeSaysSo", waitingFor: nil)
        XCTAssertTrue(output.contains("Could not open \(Self.helpURI): "), "the failure is logged: \(output)")
    }

    /// The child's side: the real window, F1 pressed through the X server; then either the help
    /// viewer has written what it was given (and no notice shows), or a notice says why not.
    private func pressF1() {
        let opened = ProcessInfo.processInfo.environment[Self.openedVariable].map { URL(fileURLWithPath: $0) }
        MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: URL(string: "http://127.0.0.1:9")!)
            defer { harness.dispose() }
            XCTAssertNil(harness.main.notices.text)
            harness.pressKeys("F1")
            if let opened {
                XCTAssertTrue(
                    MainContext.spin(
                        until: { FileManager.default.fileExists(atPath: opened.path) }, timeout: .seconds(20)),
                    "the help viewer never ran")
                XCTAssertNil(harness.main.notices.text, "opening the help went through without a notice")
            } else {
                XCTAssertTrue(
                    MainContext.spin(until: { harness.main.notices.text != nil }, timeout: .seconds(20)),
                    "no notice said the help could not be opened")
                XCTAssertEqual(
                    harness.main.notices.text, "No help viewer is installed. Install Yelp to read StoreSearch’s help.")
            }
        }
    }

    /// A desktop in `folder`: no system data folders (so no help viewer installed elsewhere
    /// answers), and with `withHelpViewer` a desktop entry for `x-scheme-handler/help` that
    /// mimeapps.list makes the default, whose program writes its argument to the file returned.
    private func makeDesktop(withHelpViewer: Bool) throws -> URL {
        let files = FileManager.default
        for path in ["data/applications", "config", "share"] {
            try files.createDirectory(at: folder.appending(path: path), withIntermediateDirectories: true)
        }
        let opened = folder.appending(path: "opened")
        guard withHelpViewer else { return opened }
        let viewer = folder.appending(path: "help-viewer")
        // Written whole, then renamed: the child waits for the file and reads it at once.
        try "#!/bin/sh\nprintf '%s' \"$1\" > '\(opened.path).part' && mv '\(opened.path).part' '\(opened.path)'\n"
            .write(to: viewer, atomically: true, encoding: .utf8)
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: viewer.path)
        try """
        [Desktop Entry]
        Type=Application
        Name=Test Help Viewer
        Exec=\(viewer.path) %u
        MimeType=x-scheme-handler/help;
        NoDisplay=true

        """.write(
            to: folder.appending(path: "data/applications/storesearch-test-help.desktop"), atomically: true,
            encoding: .utf8)
        try "[Default Applications]\nx-scheme-handler/help=storesearch-test-help.desktop\n".write(
            to: folder.appending(path: "config/mimeapps.list"), atomically: true, encoding: .utf8)
        return opened
    }

    /// Runs `test` of this class in a child test process with the desktop in `folder`, which waits
    /// for the help viewer to write `opened` (nil: for a notice); it must pass. Returns what it printed.
    private func runChild(_ test: String, waitingFor opened: URL?) throws -> String {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["StoreSearchAppTests.WindowHelpTests/\(test)"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = "1"
        environment[Self.openedVariable] = opened?.path
        environment["XDG_DATA_HOME"] = folder.appending(path: "data").path
        environment["XDG_CONFIG_HOME"] = folder.appending(path: "config").path
        environment["XDG_DATA_DIRS"] = folder.appending(path: "share").path
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        process.environment = environment
        // A file, not a pipe: a child that writes more than a pipe holds would wait for a reader.
        let log = folder.appending(path: "child.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(90)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        XCTAssertEqual(process.terminationStatus, 0, "the child test failed: \(output)")
        XCTAssertTrue(output.contains("Executed 1 test, with 0 failures"), "the child ran its test: \(output)")
        return output
    }
}
