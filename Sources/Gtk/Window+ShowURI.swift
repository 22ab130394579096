import CGtk

/// Why `gtk_show_uri_full` could not open a URI.
public struct ShowURIFailure: Error, Sendable {
    /// GIO's message ("Operation not supported").
    public let message: String
    /// No application handles the URI's scheme (GIO's G_IO_ERROR_NOT_SUPPORTED): the desktop has no
    /// `x-scheme-handler/SCHEME` entry, such as a help viewer for `help:`.
    public let noHandler: Bool
}

extension Window {
    /// Opens `uri` with the desktop's default application for it (`gtk_show_uri_full`: GIO's
    /// `x-scheme-handler/…` and MIME associations, or the OpenURI portal in a sandbox); `failed` gets
    /// why when nothing could open it (instead of GTK's own "Could not show link" dialog).
    public func openURI(
        _ uri: String, time: UInt32 = UInt32(GDK_CURRENT_TIME), failed: @escaping @MainActor (ShowURIFailure) -> Void
    ) {
        Self.showURI(uri, for: self, time: time, failed: failed)
    }

    /// `openURI` for `parent`, or with no window (nil). `time` is the event time of the user's
    /// action. An action has no event of its own: GDK_CURRENT_TIME makes GTK's launch context take
    /// the display's last user time on X11 (the key press or click that activated it), and on
    /// Wayland an activation token from the last input, so the opened window may come forward.
    public static func showURI(
        _ uri: String, for parent: Window?, time: UInt32 = UInt32(GDK_CURRENT_TIME),
        failed: @escaping @MainActor (ShowURIFailure) -> Void
    ) {
        typealias Failed = @MainActor (ShowURIFailure) -> Void
        gtk_show_uri_full(
            parent?.window, uri, guint32(time), nil,
            { source, result, data in
                let failed = Unmanaged<HandlerBox<Failed>>.fromOpaque(data!).takeRetainedValue().handler
                var error: UnsafeMutablePointer<GError>?
                guard
                    gtk_show_uri_full_finish(
                        UnsafeMutableRawPointer(source).map { $0.assumingMemoryBound(to: GtkWindow.self) }, result,
                        &error) == 0
                else { return }
                let failure = ShowURIFailure(
                    message: error.map { String(cString: $0.pointee.message) } ?? "",
                    noHandler: g_error_matches(error, g_io_error_quark(), gint(G_IO_ERROR_NOT_SUPPORTED.rawValue)) != 0)
                g_clear_error(&error)
                MainActor.assumeIsolated { failed(failure) }
            }, HandlerBox<Failed>.retained(failed))
    }
}
