import CGtk
import Foundation

/// Watches a folder (GFileMonitor): a file in it created, changed, removed, or renamed into or out
/// of it. A folder, not a file: sync tools and scripts replace a file by renaming a new one over
/// it, which a monitor on the old file would not follow.
@MainActor
public final class DirectoryMonitor: Object {
    /// Nil when the folder cannot be watched (the reason is logged).
    public init?(directory: URL) {
        let folder = g_file_new_for_path(directory.path)!
        defer { g_object_unref(UnsafeMutableRawPointer(folder)) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_directory(folder, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            Log.warning("Gtk", "cannot watch \(directory.path): \(message)")
            return nil
        }
        super.init(taking: UnsafeMutableRawPointer(monitor))
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) {
        fatalError("a DirectoryMonitor is made in code")
    }

    /// Runs `handler` with the name of each file in the folder that changed (both names of a rename).
    public func onChange(_ handler: @escaping @MainActor (_ name: String) -> Void) {
        connect("changed", thunk: Self.changed, handler: handler)
    }

    public func cancel() {
        g_file_monitor_cancel(UnsafeMutableRawPointer(gobject).assumingMemoryBound(to: GFileMonitor.self))
    }

    private static let changed: GCallback = unsafeBitCast(
        { (_: gpointer?, file: gpointer?, other: gpointer?, _: guint, data: gpointer?) in
            let handler = HandlerBox<@MainActor (String) -> Void>.from(data)
            let names = [file, other].compactMap { $0 }.compactMap { file -> String? in
                guard let name = g_file_get_basename(OpaquePointer(file)) else { return nil }
                defer { g_free(name) }
                return String(cString: name)
            }
            MainActor.assumeIsolated { names.forEach(handler) }
        } as @convention(c) (gpointer?, gpointer?, gpointer?, guint, gpointer?) -> Void, to: GCallback.self)
}
