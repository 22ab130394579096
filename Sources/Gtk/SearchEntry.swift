import CGtk

@MainActor
public final class SearchEntry: Editable {
    /// Lets the entry catch typing anywhere in `widget` (type-to-search).
    public func captureKeys(from widget: Widget) {
        gtk_search_entry_set_key_capture_widget(cast(), widget.widget)
    }

    /// Typing began in an empty entry (also through the key-capture widget).
    public func onSearchStarted(_ handler: @escaping @MainActor () -> Void) {
        connect("search-started", thunk: SignalThunks.plain, handler: handler)
    }

    /// Escape pressed in the entry.
    public func onStopSearch(_ handler: @escaping @MainActor () -> Void) {
        connect("stop-search", thunk: SignalThunks.plain, handler: handler)
    }
}
