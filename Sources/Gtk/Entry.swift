import CGtk

@MainActor
public final class Entry: Editable {
    public var placeholder: String {
        get { gtk_entry_get_placeholder_text(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_entry_set_placeholder_text(cast(), newValue) }
    }
}
