import CGtk

/// A GtkListView with single selection over a `ListModel`, rows made by Swift closures.
@MainActor
public final class ListView<Element>: Widget {
    public let selection: SingleSelection<Element>
    public var model: ListModel<Element> { selection.model }

    /// Builds the list. `setup` creates a row's widgets, `bind` shows an element in them,
    /// `unbind` releases what `bind` started (such as a pending image load), and `teardown`
    /// what `setup` made, when GTK drops the row.
    public convenience init(model: ListModel<Element>,
                            setup: @escaping @MainActor (ListItem) -> Void,
                            bind: @escaping @MainActor (ListItem, Element) -> Void,
                            unbind: @escaping @MainActor (ListItem) -> Void,
                            teardown: @escaping @MainActor (ListItem) -> Void = { _ in }) {
        self.init(selection: SingleSelection(model: model), setup: setup, bind: bind, unbind: unbind, teardown: teardown)
    }

    /// A list over an existing selection (shared with another view of the same items).
    public init(selection: SingleSelection<Element>,
                setup: @escaping @MainActor (ListItem) -> Void,
                bind: @escaping @MainActor (ListItem, Element) -> Void,
                unbind: @escaping @MainActor (ListItem) -> Void,
                teardown: @escaping @MainActor (ListItem) -> Void = { _ in }) {
        self.selection = selection
        let factory = SignalListItemFactory(model: selection.model, setup: setup, bind: bind, unbind: unbind, teardown: teardown)
        // gtk_list_view_new takes one reference to each; the wrappers keep their own.
        g_object_ref(selection.gobject)
        g_object_ref(factory.gobject)
        super.init(retaining: gtk_list_view_new(selection.selectionModel, OpaquePointer(factory.gobject)))
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) {
        fatalError("ListView is made in code, not loaded from a .ui file")
    }

    public var selectedIndex: Int? {
        get { selection.selectedIndex }
        set { selection.selectedIndex = newValue }
    }

    public var selectedElement: Element? { selection.selectedElement }

    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) {
        selection.onSelectionChanged(handler)
    }

    /// Whether the view shows its selection's items. A view that is not on screen should let go:
    /// GTK 4.8 builds and binds the widgets of up to 200 items even for an unmapped view.
    public var isShowingItems: Bool = true {
        didSet {
            guard isShowingItems != oldValue else { return }
            gtk_list_view_set_model(cast(), isShowingItems ? selection.selectionModel : nil)
        }
    }

    /// Enter or double click on a row.
    public func onActivate(_ handler: @escaping @MainActor (Int) -> Void) {
        connect("activate", thunk: SignalThunks.uint, handler: { (position: guint) in handler(Int(position)) })
    }

    /// Scrolls the row at `index` into view and makes it the row that gets focus.
    public func scroll(to index: Int) {
        gtk_widget_activate_action_variant(widget, "list.scroll-to-item", g_variant_new_uint32(guint32(index)))
    }

    /// Moves keyboard focus to the row at `index` (without selecting it), scrolled into view.
    /// GTK 4.8's list.scroll-to-item only records the row as the focus row; grabbing focus on
    /// the view then focuses that row.
    public func focus(at index: Int) {
        scroll(to: index)
        grabFocus()
    }

    /// Activates the row at `index`, as Enter or a double click on it does.
    public func activate(_ index: Int) {
        gtk_widget_activate_action_variant(widget, "list.activate-item", g_variant_new_uint32(guint32(index)))
    }
}
