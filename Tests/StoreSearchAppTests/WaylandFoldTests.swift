import Foundation
import Gtk
import XCTest
@testable import StoreSearchApp

/// Issue #41, item 5: folding the window to a phone's 360 px under Wayland logged three
/// `Gtk-WARNING … attempt to allocate … height -1` (none under X11). The test runs itself again,
/// as a child, under a headless Wayland compositor (`mutter --headless --wayland`, on a D-Bus
/// session and runtime folder of its own) and fails on any Gtk-WARNING the child logs.
final class WaylandFoldTests: XCTestCase {
    private static let childVariable = "STORESEARCH_WAYLAND_FOLD_CHILD"
    private static let mutter = "/usr/bin/mutter"
    /// The child's exit status when the compositor did not start.
    private static let noCompositor: Int32 = 77

    func testFoldingUnderWaylandLogsNoGtkWarning() throws {
        if ProcessInfo.processInfo.environment[Self.childVariable] == "1" { return try foldWindow() }
        guard FileManager.default.isExecutableFile(atPath: Self.mutter) else {
            throw XCTSkip("No Wayland compositor: \(Self.mutter) is not installed (make test installs mutter)")
        }
        let folder = MainLoop.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let runtime = folder.appending(path: "run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        let (status, output) = try Self.runChild(runtime: runtime, log: folder.appending(path: "child.log"))
        if status == Self.noCompositor {
            throw XCTSkip("The headless Wayland compositor (mutter) did not start here: \(output.suffix(2000))")
        }
        XCTAssertEqual(status, 0, "the child test under Wayland passed: \(output.suffix(4000))")
        XCTAssertTrue(output.contains("Executed 1 test, with 0 failures"), output.suffix(4000).description)
        let warnings = output.split(separator: "\n").filter {
            $0.contains("Gtk-WARNING") || $0.contains("Gtk-CRITICAL")
        }
        XCTAssertEqual(warnings, [], "folding under Wayland logs no GTK warning")
    }

    /// The child: a wide window with an item open, folded to 360 px and back twice by the window's
    /// own size request, then by the compositor as a user resizes it with the keyboard (Alt+F8,
    /// then the arrows, sent through mutter's RemoteDesktop API; there is no xdotool on Wayland).
    private func foldWindow() throws {
        XCTAssertEqual(ProcessInfo.processInfo.environment["GDK_BACKEND"], "wayland")
        let (catalog, base) = try WindowHarness.startCatalog()
        defer { catalog.stop() }
        try MainActor.assumeIsolated {
            let harness = WindowHarness(apiBase: base, size: (1000, 700))
            defer { harness.dispose() }
            let main = harness.main
            harness.search("tarkan")
            harness.open("Kuzu Kuzu")
            XCTAssertFalse(main.isFolded)
            for _ in 0..<2 {
                main.window.setDefaultSize(width: 360, height: 640)
                XCTAssertTrue(MainContext.spin(until: { main.isFolded }), "360 px folds the window")
                MainContext.spin(until: { false }, timeout: .milliseconds(500))  // frames at the new size
                main.window.setDefaultSize(width: 1000, height: 700)
                XCTAssertTrue(MainContext.spin(until: { !main.isFolded }), "and it unfolds again")
            }
            let keyboard = try CompositorKeyboard()
            defer { keyboard.stop() }
            // Alt+F8 resizes; the first arrow picks the left edge, the others move it right.
            keyboard.press([CompositorKeyboard.alt, CompositorKeyboard.f8])
            keyboard.press([CompositorKeyboard.left])
            for _ in 0..<80 { keyboard.press([CompositorKeyboard.right]) }
            keyboard.press([CompositorKeyboard.enter])
            XCTAssertTrue(
                MainContext.spin(until: { main.isFolded && main.window.allocatedWidth == 360 }),
                "the compositor folded it to 360 px: \(main.window.allocatedWidth)")
            MainContext.spin(until: { false }, timeout: .milliseconds(500))
        }
    }

    /// Runs this test again under a private D-Bus session and mutter; its exit status and output.
    private static func runChild(runtime: URL, log: URL) throws -> (Int32, String) {
        let script = """
            mutter --headless --wayland --no-x11 --virtual-monitor 1280x800 >"$XDG_RUNTIME_DIR/mutter.log" 2>&1 &
            compositor=$!
            for i in $(seq 100); do
                [ -S "$XDG_RUNTIME_DIR/wayland-0" ] || ! kill -0 $compositor 2>/dev/null && break; sleep 0.1
            done
            if [ ! -S "$XDG_RUNTIME_DIR/wayland-0" ]; then cat "$XDG_RUNTIME_DIR/mutter.log"; exit \(noCompositor); fi
            WAYLAND_DISPLAY=wayland-0 "$@"
            status=$?
            kill $compositor; wait $compositor
            exit $status
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
        let test = "StoreSearchAppTests.WaylandFoldTests/testFoldingUnderWaylandLogsNoGtkWarning"
        process.arguments = ["--", "/bin/sh", "-c", script, "sh", Bundle.main.executablePath!, test]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["GDK_BACKEND"] = "wayland"
        environment[childVariable] = "1"
        environment["DISPLAY"] = nil
        process.environment = environment
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = ContinuousClock.now + .seconds(90)
        while process.isRunning, ContinuousClock.now < deadline { usleep(50_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            XCTFail("the child under Wayland did not finish within 90 s")
        }
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
