import CGtk

/// Shows one named page at a time.
@MainActor
public final class Stack: Widget {
    public var visiblePage: String {
        get { gtk_stack_get_visible_child_name(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_stack_set_visible_child_name(cast(), newValue) }
    }
}
