import CGtk

/// What GtkListView and GtkGridView share (both are a GtkListBase): the selection they show,
/// activation, and scrolling or focusing an item. Items are made by Swift closures: `setup`
/// creates an item's widgets, `bind` shows an element in them, `unbind` releases what `bind`
/// started (such as a pending image load), and `teardown` what `setup` made.
@MainActor
public class ListBase<Element>: Widget {
    public let selection: SingleSelection<Element>
    public var model: ListModel<Element> { selection.model }

    /// `make` builds the GTK view from the selection model and factory, taking a reference to each.
    init(
        selection: SingleSelection<Element>,
        setup: @escaping @MainActor (ListItem) -> Void,
        bind: @escaping @MainActor (ListItem, Element) -> Void,
        unbind: @escaping @MainActor (ListItem) -> Void,
        teardown: @escaping @MainActor (ListItem) -> Void,
        make: (_ model: OpaquePointer, _ factory: OpaquePointer) -> UnsafeMutablePointer<GtkWidget>
    ) {
        self.selection = selection
        let factory = SignalListItemFactory(
            model: selection.model, setup: setup, bind: bind, unbind: unbind, teardown: teardown)
        // The GTK view takes one reference to each; the wrappers keep their own.
        g_object_ref(selection.gobject)
        g_object_ref(factory.gobject)
        super.init(retaining: make(selection.selectionModel, OpaquePointer(factory.gobject)))
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) {
        fatalError("list and grid views are made in code, not loaded from a .ui file")
    }

    /// Gives the GTK view `model`, or none (GtkListView and GtkGridView each have their setter).
    func setModel(_ model: OpaquePointer?) {}

    /// Whether the view shows its selection's items. A view that is not on screen should let go:
    /// GTK 4.8 builds and binds the widgets of up to 200 items even for an unmapped view.
    public var isShowingItems: Bool = true {
        didSet {
            guard isShowingItems != oldValue else { return }
            setModel(isShowingItems ? selection.selectionModel : nil)
        }
    }

    /// Enter or double click on an item.
    public func onActivate(_ handler: @escaping @MainActor (Int) -> Void) {
        connect("activate", thunk: SignalThunks.uint, handler: { (position: guint) in handler(Int(position)) })
    }

    /// Scrolls the item at `index` into view and makes it the item that gets focus.
    public func scroll(to index: Int) {
        gtk_widget_activate_action_variant(widget, "list.scroll-to-item", g_variant_new_uint32(guint32(index)))
    }

    /// Moves keyboard focus to the item at `index` (without selecting it), scrolled into view.
    /// GTK 4.8's list.scroll-to-item only records the item as the focus item; grabbing focus on
    /// the view then focuses that item.
    public func focus(at index: Int) {
        scroll(to: index)
        grabFocus()
    }

    /// Activates the item at `index`, as Enter or a double click on it does.
    public func activate(_ index: Int) {
        gtk_widget_activate_action_variant(widget, "list.activate-item", g_variant_new_uint32(guint32(index)))
    }
}
