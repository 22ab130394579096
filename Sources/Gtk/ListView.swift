import CGtk

/// A GtkListView with single selection over a `ListModel`, rows made by Swift closures.
@MainActor
public final class ListView<Element>: Widget {
    public let model: ListModel<Element>
    private let selection: Object

    /// Builds the list. `setup` creates a row's widgets, `bind` shows an element in them,
    /// `unbind` releases what `bind` started (such as a pending image load), and `teardown`
    /// what `setup` made, when GTK drops the row.
    public init(model: ListModel<Element>,
                setup: @escaping @MainActor (ListItem) -> Void,
                bind: @escaping @MainActor (ListItem, Element) -> Void,
                unbind: @escaping @MainActor (ListItem) -> Void,
                teardown: @escaping @MainActor (ListItem) -> Void = { _ in }) {
        self.model = model
        g_object_ref(model.gobject)  // the selection takes this reference
        let selectionPointer = gtk_single_selection_new(model.store)!
        gtk_single_selection_set_autoselect(selectionPointer, 0)
        gtk_single_selection_set_can_unselect(selectionPointer, 1)
        selection = Object(taking: UnsafeMutableRawPointer(selectionPointer))

        let factory = SignalListItemFactory()
        factory.onSetup(setup)
        factory.onBind { item in
            if let value = item.value(in: model) { bind(item, value) }
        }
        factory.onUnbind(unbind)
        factory.onTeardown(teardown)
        // gtk_list_view_new takes one reference to each; the wrappers keep their own.
        g_object_ref(selection.gobject)
        g_object_ref(factory.gobject)
        super.init(retaining: gtk_list_view_new(selectionPointer, OpaquePointer(factory.gobject)))
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) {
        fatalError("ListView is made in code, not loaded from a .ui file")
    }

    private var selectionModel: OpaquePointer { OpaquePointer(selection.gobject) }

    public var selectedIndex: Int? {
        get {
            let index = gtk_single_selection_get_selected(selectionModel)
            return index == GTK_INVALID_LIST_POSITION ? nil : Int(index)
        }
        set {
            let index = newValue.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION)
            gtk_single_selection_set_selected(selectionModel, index)
        }
    }

    public var selectedElement: Element? { selectedIndex.map { model[$0] } }

    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) {
        selection.onNotify("selected", handler)
    }

    /// Enter or double click on a row.
    public func onActivate(_ handler: @escaping @MainActor (Int) -> Void) {
        connect("activate", thunk: SignalThunks.uint, handler: { (position: guint) in handler(Int(position)) })
    }

    /// Moves keyboard focus to the row at `index` and scrolls it into view.
    public func scroll(to index: Int) {
        gtk_widget_activate_action_variant(widget, "list.scroll-to-item", g_variant_new_uint32(guint32(index)))
    }

    /// Activates the row at `index`, as Enter or a double click on it does.
    public func activate(_ index: Int) {
        gtk_widget_activate_action_variant(widget, "list.activate-item", g_variant_new_uint32(guint32(index)))
    }
}
