import CGtk

extension DropDown {
    /// A search entry in the popup that filters the strings (for long lists such as regions).
    /// GTK 4.8's popup takes typing only once its field is clicked, and Enter there picks
    /// nothing: typing anywhere in the popup goes to the field, and Enter with one match left
    /// picks it and closes the popup.
    public func enableSearch() {
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        gtk_drop_down_set_expression(cast(), expression)  // the drop-down takes its own reference
        gtk_expression_unref(expression)
        gtk_drop_down_set_enable_search(cast(), 1)
        guard let popover = Self.descendant(of: widget, type: gtk_popover_get_type()),
            let entry = Self.descendant(of: popover, type: gtk_search_entry_get_type()),
            let list = Self.descendant(of: popover, type: gtk_list_view_get_type())
        else {
            return Log.warning("StoreSearch", "GtkDropDown's popup is not laid out as in GTK 4.8: no typing to search")
        }
        gtk_search_entry_set_key_capture_widget(OpaquePointer(entry), popover)
        // The field, the list and these handlers live and go with the popup: no references held.
        let pickOnlyMatch: @MainActor () -> Bool = {
            guard let model = gtk_list_view_get_model(OpaquePointer(list)),
                g_list_model_get_n_items(model) == 1
            else { return false }
            gtk_selection_model_select_item(model, 0, 1)
            // as a click on the row: the drop-down picks it and closes the popup
            return gtk_widget_activate_action_variant(list, "list.activate-item", g_variant_new_uint32(0)) != 0
        }
        Widget(retaining: entry).connect(
            "activate", thunk: SignalThunks.plain, handler: { _ = pickOnlyMatch() }, untilFinalized: true)
        // Enter while the list has the focus (typing went to the field through the capture).
        Widget(retaining: popover).onKeyPressedBeforeChildren { keyval, _ in
            guard Keys.enter.contains(keyval),
                gtk_editable_get_text(OpaquePointer(entry)).map({ $0.pointee != 0 }) == true
            else { return false }
            return pickOnlyMatch()
        }
    }

    /// The first widget of `type` inside `parent`, depth first.
    private static func descendant(of parent: UnsafeMutablePointer<GtkWidget>, type: GType)
        -> UnsafeMutablePointer<GtkWidget>?
    {
        var child = gtk_widget_get_first_child(parent)
        while let current = child {
            if shim_is_a(UnsafeMutableRawPointer(current), type) != 0 { return current }
            if let found = descendant(of: current, type: type) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}
