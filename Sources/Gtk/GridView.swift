import CGtk

/// A GtkGridView of tiles over a `SingleSelection`; it reflows its columns with the width.
@MainActor
public final class GridView<Element>: ListBase<Element> {
    public init(
        selection: SingleSelection<Element>,
        setup: @escaping @MainActor (ListItem) -> Void,
        bind: @escaping @MainActor (ListItem, Element) -> Void,
        unbind: @escaping @MainActor (ListItem) -> Void,
        teardown: @escaping @MainActor (ListItem) -> Void = { _ in }
    ) {
        super.init(selection: selection, setup: setup, bind: bind, unbind: unbind, teardown: teardown) {
            gtk_grid_view_new($0, $1)
        }
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) { super.init(retaining: pointer) }

    override func setModel(_ model: OpaquePointer?) { gtk_grid_view_set_model(cast(), model) }

    public var maxColumns: Int {
        get { Int(gtk_grid_view_get_max_columns(cast())) }
        set { gtk_grid_view_set_max_columns(cast(), guint(newValue)) }
    }
}
