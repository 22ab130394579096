import CGtk

/// A header-bar button that opens a menu model given in the .ui file.
@MainActor
public final class MenuButton: Widget {
    public func popup() { gtk_menu_button_popup(cast()) }
    public func popdown() { gtk_menu_button_popdown(cast()) }

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

    private static func string(_ model: UnsafeMutablePointer<GMenuModel>, _ index: gint, _ attribute: String) -> String {
        guard let value = g_menu_model_get_item_attribute_value(model, index, attribute, nil) else { return "" }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }
}
