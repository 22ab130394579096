import CGtk

@MainActor
public final class SearchEntry: Editable {
    /// Lets the entry catch typing anywhere in `widget` (type-to-search).
    public func captureKeys(from widget: Widget) {
        gtk_search_entry_set_key_capture_widget(cast(), widget.widget)
    }

    /// Escape pressed in the entry.
    public func onStopSearch(_ handler: @escaping @MainActor () -> Void) {
        connect("stop-search", thunk: SignalThunks.plain, handler: handler)
    }
}
