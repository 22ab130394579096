import CGtk

/// A drop-down over a list of strings.
@MainActor
public final class DropDown: Widget {
    public convenience init(items: [String]) {
        let model = withCStrings(items) { gtk_string_list_new($0) }
        self.init(retaining: gtk_drop_down_new(model, nil))
    }

    /// The strings the drop-down offers.
    public var items: [String] {
        guard let model = gtk_drop_down_get_model(cast()) else { return [] }
        let count = g_list_model_get_n_items(model)
        return (0..<count).map { index in
            let item = g_list_model_get_item(model, index)
            defer { g_object_unref(item) }
            return String(cString: gtk_string_object_get_string(OpaquePointer(item)))
        }
    }

    public func setItems(_ items: [String]) {
        let model = withCStrings(items) { gtk_string_list_new($0) }
        gtk_drop_down_set_model(cast(), model)
        g_object_unref(UnsafeMutableRawPointer(model))
    }

    public var selectedIndex: Int {
        get {
            let index = gtk_drop_down_get_selected(cast())
            return index == GTK_INVALID_LIST_POSITION ? -1 : Int(index)
        }
        set { gtk_drop_down_set_selected(cast(), guint(newValue)) }
    }

    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) {
        onNotify("selected", handler)
    }
}
