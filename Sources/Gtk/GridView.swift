import CGtk

/// A GtkGridView of tiles over a `SingleSelection`; it reflows its columns with the width.
@MainActor
public final class GridView<Element>: Widget {
    public let selection: SingleSelection<Element>
    public var model: ListModel<Element> { selection.model }

    public init(selection: SingleSelection<Element>,
                setup: @escaping @MainActor (ListItem) -> Void,
                bind: @escaping @MainActor (ListItem, Element) -> Void,
                unbind: @escaping @MainActor (ListItem) -> Void,
                teardown: @escaping @MainActor (ListItem) -> Void = { _ in }) {
        self.selection = selection
        let factory = SignalListItemFactory(model: selection.model, setup: setup, bind: bind, unbind: unbind, teardown: teardown)
        g_object_ref(selection.gobject)  // gtk_grid_view_new takes one reference to each
        g_object_ref(factory.gobject)
        super.init(retaining: gtk_grid_view_new(selection.selectionModel, OpaquePointer(factory.gobject)))
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) {
        fatalError("GridView is made in code, not loaded from a .ui file")
    }

    public var maxColumns: Int {
        get { Int(gtk_grid_view_get_max_columns(cast())) }
        set { gtk_grid_view_set_max_columns(cast(), guint(newValue)) }
    }

    /// Whether the view shows its selection's items. A view that is not on screen should let go:
    /// GTK 4.8 builds and binds the widgets of up to 200 items even for an unmapped view.
    public var isShowingItems: Bool = true {
        didSet {
            guard isShowingItems != oldValue else { return }
            gtk_grid_view_set_model(cast(), isShowingItems ? selection.selectionModel : nil)
        }
    }

    /// Enter or double click on a tile.
    public func onActivate(_ handler: @escaping @MainActor (Int) -> Void) {
        connect("activate", thunk: SignalThunks.uint, handler: { (position: guint) in handler(Int(position)) })
    }

    /// Scrolls the tile at `index` into view and makes it the tile that gets focus.
    public func scroll(to index: Int) {
        gtk_widget_activate_action_variant(widget, "list.scroll-to-item", g_variant_new_uint32(guint32(index)))
    }

    /// Moves keyboard focus to the tile at `index` (without selecting it), scrolled into view.
    public func focus(at index: Int) {
        scroll(to: index)
        grabFocus()
    }

    /// Activates the tile at `index`, as Enter or a double click on it does.
    public func activate(_ index: Int) {
        gtk_widget_activate_action_variant(widget, "list.activate-item", g_variant_new_uint32(guint32(index)))
    }
}
