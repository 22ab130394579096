import CGtk

/// A borrowed GtkListItem handed to factory callbacks. Not owned: valid during the callback.
@MainActor
public struct ListItem {
    let item: OpaquePointer
    private static var rowKey: GQuark { g_quark_from_string("swift-gtk-list-item-row") }

    public var position: Int { Int(gtk_list_item_get_position(item)) }

    /// Containers keep the wrapper alive across the C call: once inlined, an optimized build may
    /// release a temporary (`setChild(Label())`) right after reading its pointer, finalizing the
    /// widget before GTK takes its reference.
    public func setChild(_ widget: Widget) {
        withExtendedLifetime(widget) { gtk_list_item_set_child(item, widget.widget) }
    }

    /// The model item this list item shows.
    var modelItem: UnsafeMutableRawPointer? { gtk_list_item_get_item(item) }

    /// The Swift value of the model item this list item shows.
    public func value<Element>(in model: ListModel<Element>) -> Element? {
        guard let pointer = gtk_list_item_get_item(item) else { return nil }
        return model.value(ofItem: pointer, at: position)
    }

    /// A Swift object (the row's controller) kept alive as long as the list item.
    public var row: AnyObject? {
        get {
            guard let data = g_object_get_qdata(UnsafeMutablePointer(item), Self.rowKey) else { return nil }
            return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue()
        }
        nonmutating set {
            let box = newValue.map { Unmanaged.passRetained($0).toOpaque() }
            g_object_set_qdata_full(UnsafeMutablePointer(item), Self.rowKey, box, releaseRetained)
        }
    }
}
