import CGtk
import Foundation
import XCTest
@testable import Gtk
import GtkTesting

final class MainLoopBridgeTests: XCTestCase {
    func testAwaitOnMainActorCompletesInsideARunningGLibMainLoop() {
        MainActor.assumeIsolated {
            MainLoopBridge.install()
            let loop = g_main_loop_new(nil, 0)!
            defer { g_main_loop_unref(loop) }
            nonisolated(unsafe) let runningLoop = loop
            var steps: [String] = []
            // The task hops off the main actor and back; both hops need the bridge while the loop runs.
            Task { @MainActor in
                steps.append("started")
                let value = await Task.detached { 21 * 2 }.value
                try? await Task.sleep(for: .milliseconds(10))
                steps.append("resumed \(value)")
                g_main_loop_quit(runningLoop)
            }
            // A watchdog on another thread fails the test instead of hanging; the main context
            // has no timer source, so only the bridge can make progress.
            // It holds its own reference: it fires after the test is over, when it passes.
            g_main_loop_ref(loop)
            DispatchQueue.global().asyncAfter(deadline: .now() + 5) {
                g_main_loop_quit(runningLoop)
                g_main_loop_unref(runningLoop)
            }
            g_main_loop_run(loop)
            XCTAssertEqual(steps, ["started", "resumed 42"])
        }
    }

    func testInstallIsIdempotent() {
        MainActor.assumeIsolated {
            MainLoopBridge.install()
            MainLoopBridge.install()
            XCTAssertTrue(MainLoopBridge.isInstalled)
        }
    }
}
