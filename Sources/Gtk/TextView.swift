import CGtk

/// Multi-line text editing.
@MainActor
public final class TextView: Widget {
    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(cast()) }

    public var text: String {
        get {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            let chars = gtk_text_buffer_get_text(buffer, &start, &end, 0)!
            defer { g_free(chars) }
            return String(cString: chars)
        }
        set {
            guard newValue != text else { return }
            // Text set by the program is not the user's typing: Ctrl+Z must not undo it.
            gtk_text_buffer_begin_irreversible_action(buffer)
            gtk_text_buffer_set_text(buffer, newValue, -1)
            gtk_text_buffer_end_irreversible_action(buffer)
        }
    }

    /// The text shown now is where the view's own undo stops (see `Editable.forgetUndoHistory`).
    public func forgetUndoHistory() {
        let enabled = gtk_text_buffer_get_enable_undo(buffer)
        gtk_text_buffer_set_enable_undo(buffer, 0)  // disabling clears the history
        gtk_text_buffer_set_enable_undo(buffer, enabled)
    }

    /// The text changed (typing, or the program setting it).
    public func onChanged(_ handler: @escaping @MainActor () -> Void) {
        bufferSignals.connect("changed", thunk: SignalThunks.plain, handler: handler)
    }

    /// The buffer's handlers are connected through a wrapper of its own, which goes with the view.
    private lazy var bufferSignals = Object(retaining: UnsafeMutableRawPointer(buffer))

    public var isEditable: Bool {
        get { gtk_text_view_get_editable(cast()) != 0 }
        set { gtk_text_view_set_editable(cast(), newValue ? 1 : 0) }
    }
}
