import CGtk

/// A GtkSingleSelection over a `ListModel`: the one selection that a list and a grid showing
/// the same items share, so switching views keeps the selected item.
@MainActor
public final class SingleSelection<Element>: Object {
    public let model: ListModel<Element>

    public init(model: ListModel<Element>) {
        self.model = model
        g_object_ref(model.gobject)  // the selection takes this reference
        let pointer = gtk_single_selection_new(model.store)!
        gtk_single_selection_set_autoselect(pointer, 0)
        gtk_single_selection_set_can_unselect(pointer, 1)
        super.init(taking: UnsafeMutableRawPointer(pointer))
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) {
        fatalError("SingleSelection is made in code")
    }

    var selectionModel: OpaquePointer { OpaquePointer(gobject) }

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
        onNotify("selected", handler)
    }
}
