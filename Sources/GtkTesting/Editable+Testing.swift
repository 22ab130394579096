import CGtk
import Gtk

extension Editable {
    /// What a key typed at the end of the field does: the text inserted, one "changed". (Setting
    /// `text` deletes the old text and inserts the new one: two "changed", the first with the field empty.)
    public func typeAtEnd(_ typed: String) {
        var position = gint(text.unicodeScalars.count)  // GTK counts characters as code points
        gtk_editable_insert_text(OpaquePointer(widget), typed, -1, &position)
    }

    /// What Backspace at the end of the field does: its last character deleted, one "changed".
    public func deleteBackward() {
        let count = gint(text.unicodeScalars.count)
        guard count > 0 else { return }
        gtk_editable_delete_text(OpaquePointer(widget), count - 1, count)
    }

    /// The selected text ("" when nothing is).
    public var selectedText: String {
        var start: gint = 0, end: gint = 0
        guard gtk_editable_get_selection_bounds(OpaquePointer(widget), &start, &end) != 0,
            let chars = gtk_editable_get_chars(OpaquePointer(widget), start, end)
        else { return "" }
        defer { g_free(chars) }
        return String(cString: chars)
    }
}
