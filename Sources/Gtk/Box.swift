import CGtk

@MainActor
public final class Box: Widget {
    public enum Orientation { case horizontal, vertical }

    public convenience init(_ orientation: Orientation, spacing: Int = 0) {
        let gtkOrientation = orientation == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
        self.init(retaining: gtk_box_new(gtkOrientation, gint(spacing)))
    }

    public func append(_ child: Widget) { withExtendedLifetime(child) { gtk_box_append(cast(), child.widget) } }
    public func prepend(_ child: Widget) { withExtendedLifetime(child) { gtk_box_prepend(cast(), child.widget) } }
    /// Puts `child` right after `sibling` (a child of this box).
    public func insert(_ child: Widget, after sibling: Widget) {
        withExtendedLifetime(child) { gtk_box_insert_child_after(cast(), child.widget, sibling.widget) }
    }

    public func remove(_ child: Widget) { gtk_box_remove(cast(), child.widget) }

    /// Removes every child.
    public func removeAll() {
        while let child = gtk_widget_get_first_child(widget) {
            gtk_box_remove(cast(), child)
        }
    }
}
