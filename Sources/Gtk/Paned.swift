import CGtk

/// Two panes side by side with a draggable divider.
@MainActor
public final class Paned: Widget {
    public var position: Int {
        get { Int(gtk_paned_get_position(cast())) }
        set { gtk_paned_set_position(cast(), gint(newValue)) }
    }
}
