import CGtk

extension DropDown {
    /// A search entry in the popup that filters the strings (for long lists such as regions).
    public func enableSearch() {
        let expression = gtk_property_expression_new(gtk_string_object_get_type(), nil, "string")
        gtk_drop_down_set_expression(cast(), expression)  // the drop-down takes its own reference
        gtk_expression_unref(expression)
        gtk_drop_down_set_enable_search(cast(), 1)
    }
}
