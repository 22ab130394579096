import CGtk

/// A GtkListBox of rows made in code (a boxed list in settings-like windows).
@MainActor
public final class ListBox: Widget {
    public func append(_ row: Widget) { withExtendedLifetime(row) { gtk_list_box_append(cast(), row.widget) } }
    public func remove(_ row: Widget) { gtk_list_box_remove(cast(), row.widget) }

    /// Runs `handler` with the row's position when a row is activated (a click, Enter, Space).
    public func onRowActivated(_ handler: @escaping @MainActor (Int) -> Void) {
        connect(
            "row-activated", thunk: SignalThunks.pointer,
            handler: { (row: gpointer?) in
                guard let row else { return }
                handler(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
            })
    }

}
