import CGtk

/// Text fields: GtkEntry and GtkSearchEntry (both implement GtkEditable).
@MainActor
open class Editable: Widget {
    private var editable: OpaquePointer { OpaquePointer(widget) }

    public var text: String {
        get { String(cString: gtk_editable_get_text(editable)) }
        set {
            guard newValue != text else { return }
            gtk_editable_set_text(editable, newValue)
            forgetUndoHistory()  // text set by the program is not the user's typing: Ctrl+Z must not undo it
            if containsFocus { moveCursorToEnd() }  // where typing goes on (GTK puts the cursor first)
        }
    }

    /// The text shown now is where the field's own undo stops. GTK merges adjacent insertions
    /// into one step, so without this, Ctrl+Z after typing at the end also took away the text
    /// before it.
    public func forgetUndoHistory() {
        let enabled = gtk_editable_get_enable_undo(editable)
        gtk_editable_set_enable_undo(editable, 0)  // disabling clears the history
        gtk_editable_set_enable_undo(editable, enabled)
    }

    public var isEditable: Bool {
        get { gtk_editable_get_editable(editable) != 0 }
        set { gtk_editable_set_editable(editable, newValue ? 1 : 0) }
    }

    /// Selects the whole text (typing then replaces it).
    public func selectAll() { gtk_editable_select_region(editable, 0, -1) }

    /// Puts the cursor after the text, with nothing selected.
    public func moveCursorToEnd() { gtk_editable_set_position(editable, -1) }

    /// Enter pressed.
    open func onActivate(_ handler: @escaping @MainActor () -> Void) {
        connect("activate", thunk: SignalThunks.plain, handler: handler)
    }

    /// Text changed (for a search entry, after its short delay).
    public func onChanged(_ handler: @escaping @MainActor () -> Void) {
        let signal = shim_is_a(widget, gtk_search_entry_get_type()) != 0 ? "search-changed" : "changed"
        connect(signal, thunk: SignalThunks.plain, handler: handler)
    }

    /// Text changed, at once on every keystroke (a search entry's own delay skipped).
    public func onEachChange(_ handler: @escaping @MainActor () -> Void) {
        connect("changed", thunk: SignalThunks.plain, handler: handler)
    }

    /// Activates the field as pressing Enter does.
    open func activate() { shim_signal_emit(gobject, "activate") }
}
