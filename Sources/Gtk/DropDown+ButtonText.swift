import CGtk

extension DropDown {
    /// The closed drop-down shows `buttonText(position)` (a short form, such as a code) while its
    /// popup lists the full strings: a compact control for a crowded header bar.
    public func setButtonText(_ buttonText: @escaping @MainActor (Int) -> String) {
        let button = SignalListItemFactory()
        button.onSetup { $0.setChild(Label()) }
        button.onBind { listItem in
            guard let label = gtk_list_item_get_child(listItem.item) else { return }
            gtk_label_set_text(OpaquePointer(label), buttonText(listItem.position))
        }
        gtk_drop_down_set_factory(cast(), button.cast())
        nameListRows()
    }

    /// The popup lists choices with the default look, each row named by its text: GTK 4.8's
    /// default factory leaves the focusable row named "GtkListItemWidget" on the bus.
    public func nameListRows() {
        let list = SignalListItemFactory()
        list.onSetup { listItem in
            let label = Label()
            label.alignStart()
            listItem.setChild(label)
        }
        list.onBind { listItem in
            guard let label = gtk_list_item_get_child(listItem.item), let item = gtk_list_item_get_item(listItem.item)
            else { return }
            gtk_label_set_text(OpaquePointer(label), gtk_string_object_get_string(OpaquePointer(item)))
            Self.nameRow(of: label, gtk_string_object_get_string(OpaquePointer(item)))
        }
        gtk_drop_down_set_list_factory(cast(), list.cast())
    }

    /// The row GTK wraps a list item's child in is what takes focus: it gets the child's text.
    private static func nameRow(of child: UnsafeMutablePointer<GtkWidget>, _ text: UnsafePointer<CChar>?) {
        guard let row = gtk_widget_get_parent(child), let text else { return }
        Widget(retaining: row).setAccessibleLabel(String(cString: text))
    }

    /// Opens the popup, as a click or Enter does.
    public func popup() { shim_signal_emit(cast(), "activate") }

    /// Closes the popup, as Escape does (picking a row in code leaves it open, holding the
    /// pointer).
    public func popdown() {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if shim_is_a(UnsafeMutableRawPointer(current), gtk_popover_get_type()) != 0 {
                gtk_popover_popdown(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GtkPopover.self))
            }
            child = gtk_widget_get_next_sibling(current)
        }
    }
}
