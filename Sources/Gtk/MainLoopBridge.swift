import CGtk
import Foundation

/// Lets Swift concurrency's main actor (libdispatch's main queue) run inside a GLib main loop.
///
/// libdispatch signals pending main-queue work on an eventfd; a GLib unix-fd source watches it
/// and drains the queue, so `Task { @MainActor in … }` and `await` work under
/// `g_application_run` without any polling timer.
public enum MainLoopBridge {
    nonisolated(unsafe) package private(set) static var sourceID: guint = 0

    /// Installs the bridge on the default main context once; later calls do nothing.
    /// Call from the main thread before running the main loop.
    public static func install() {
        precondition(Thread.isMainThread, "MainLoopBridge.install must run on the main thread")
        guard sourceID == 0 else { return }
        let fd = _dispatch_get_main_queue_handle_4CF()
        sourceID = g_unix_fd_add(
            fd, G_IO_IN,
            { fd, _, _ in
                shim_drain_eventfd(fd)
                _dispatch_main_queue_callback_4CF(nil)
                return 1  // G_SOURCE_CONTINUE
            }, nil)
    }
}
