import CGtk

/// A GtkListBox of rows made in code (a boxed list in settings-like windows).
@MainActor
public final class ListBox: Widget {
    public func append(_ row: Widget) { withExtendedLifetime(row) { gtk_list_box_append(cast(), row.widget) } }
    public func remove(_ row: Widget) { gtk_list_box_remove(cast(), row.widget) }
}
