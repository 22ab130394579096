import CGtk
import Gtk

extension ScrolledWindow {
    public var verticalUpperBound: Double {
        gtk_adjustment_get_upper(gtk_scrolled_window_get_vadjustment(cast()))
    }
}

extension ListBox {
    /// Activates the row at `index` as a click on it does.
    public func activateRow(at index: Int) {
        guard let row = gtk_list_box_get_row_at_index(cast(), gint(index)) else { return }
        shim_signal_emit(UnsafeMutableRawPointer(row), "activate")
    }
}

extension MenuButton {
    /// Whether F10 opens it (the window's primary menu).
    public var isPrimary: Bool { gtk_menu_button_get_primary(cast()) != 0 }

    /// The menu's items as (label, action), sections flattened, in order.
    public var menuItems: [(label: String, action: String)] {
        guard let model = gtk_menu_button_get_menu_model(cast()) else { return [] }
        return Self.items(of: model)
    }

    private static func items(of model: UnsafeMutablePointer<GMenuModel>) -> [(label: String, action: String)] {
        var result: [(label: String, action: String)] = []
        for index in 0..<g_menu_model_get_n_items(model) {
            if let section = g_menu_model_get_item_link(model, index, G_MENU_LINK_SECTION) {
                result += items(of: section)
                g_object_unref(section)
                continue
            }
            result.append((string(model, index, G_MENU_ATTRIBUTE_LABEL), string(model, index, G_MENU_ATTRIBUTE_ACTION)))
        }
        return result
    }

    private static func string(_ model: UnsafeMutablePointer<GMenuModel>, _ index: gint, _ attribute: String) -> String
    {
        guard let value = g_menu_model_get_item_attribute_value(model, index, attribute, nil) else { return "" }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }
}
