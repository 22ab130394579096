import CGtk
import Gtk

/// What tests and the bench ask of widgets (the app itself never does).
extension Widget {
    /// Delivers a press of `keyval` (no modifiers) to this widget's key controllers, as GTK does
    /// for a real key; returns whether one handled it. For tests and automation.
    @discardableResult
    public func pressKey(_ keyval: UInt32) -> Bool {
        let controllers = gtk_widget_observe_controllers(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            let controller = g_list_model_get_item(controllers, index)!
            defer { g_object_unref(controller) }
            if shim_is_a(controller, gtk_event_controller_key_get_type()) != 0,
                shim_emit_key_pressed(controller, keyval) != 0
            {
                return true
            }
        }
        return false
    }

    public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }

    /// Whether assistive technology is told `text` as this widget's description (see above).
    public func hasAccessibleDescription(_ text: String) -> Bool {
        shim_accessible_has_property(OpaquePointer(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text) != 0
    }

    /// Whether other widgets name this one (GTK_ACCESSIBLE_RELATION_LABELLED_BY; see above).
    public var isLabelledByOthers: Bool {
        gtk_test_accessible_has_relation(OpaquePointer(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY) != 0
    }

    /// The texts of the mapped labels in this widget's tree, depth first (what is on screen).
    public var mappedLabelTexts: [String] {
        mapped { widget in
            guard shim_is_a(UnsafeMutableRawPointer(widget), gtk_label_get_type()) != 0 else { return nil }
            return gtk_label_get_text(OpaquePointer(widget)).map { String(cString: $0) }
        }
    }

    /// The names of the themed icons that the mapped images in this widget's tree show, depth first.
    public var mappedIconNames: [String] {
        mapped { widget in
            guard shim_is_a(UnsafeMutableRawPointer(widget), gtk_image_get_type()) != 0,
                gtk_image_get_storage_type(OpaquePointer(widget)) == GTK_IMAGE_ICON_NAME
            else { return nil }
            return gtk_image_get_icon_name(OpaquePointer(widget)).map { String(cString: $0) }
        }
    }

    /// What `value` finds in the mapped widgets of this tree, depth first.
    private func mapped(_ value: (UnsafeMutablePointer<GtkWidget>) -> String?) -> [String] {
        guard gtk_widget_get_mapped(widget) != 0 else { return [] }
        var found = value(widget).map { [$0] } ?? []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found += Widget(retaining: current).mapped(value)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// The widget's children, first to last.
    public var children: [Widget] {
        var children: [Widget] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            children.append(Widget(retaining: current))
            child = gtk_widget_get_next_sibling(current)
        }
        return children
    }
}

extension Label {
    /// Whether any of the label's text is selected.
    public var hasSelection: Bool {
        gtk_label_get_selection_bounds(OpaquePointer(widget), nil, nil) != 0
    }
}

extension Widget {
    /// How many lines the first mapped label in this tree showing `text` is laid out on.
    public func lineCount(ofLabelShowing text: String) -> Int? {
        guard let label = mappedTextWidget(showing: text),
            shim_is_a(UnsafeMutableRawPointer(label), gtk_label_get_type()) != 0
        else { return nil }
        return Int(pango_layout_get_line_count(gtk_label_get_layout(OpaquePointer(label))))
    }

    /// Whether the first mapped label in this tree showing `text` is cut short with "…".
    public func isEllipsized(labelShowing text: String) -> Bool? {
        guard let label = mappedTextWidget(showing: text),
            shim_is_a(UnsafeMutableRawPointer(label), gtk_label_get_type()) != 0
        else { return nil }
        return pango_layout_is_ellipsized(gtk_label_get_layout(OpaquePointer(label))) != 0
    }

    /// The width given to the first mapped label or inscription in this tree showing `text`.
    public func allocatedWidth(ofTextShowing text: String) -> Int? {
        mappedTextWidget(showing: text).map { Int(gtk_widget_get_width($0)) }
    }

    private func mappedTextWidget(showing text: String) -> UnsafeMutablePointer<GtkWidget>? {
        guard gtk_widget_get_mapped(widget) != 0 else { return nil }
        let shown: UnsafePointer<CChar>? =
            if shim_is_a(UnsafeMutableRawPointer(widget), gtk_label_get_type()) != 0 {
                gtk_label_get_text(OpaquePointer(widget))
            } else if shim_is_a(UnsafeMutableRawPointer(widget), gtk_inscription_get_type()) != 0 {
                gtk_inscription_get_text(OpaquePointer(widget))
            } else { nil }
        if let shown, String(cString: shown) == text { return widget }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let found = Widget(retaining: current).mappedTextWidget(showing: text) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}
