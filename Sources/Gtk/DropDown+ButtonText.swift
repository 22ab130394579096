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
        let list = SignalListItemFactory()
        list.onSetup { listItem in
            let label = Label()
            label.alignStart()
            listItem.setChild(label)
        }
        list.onBind { listItem in
            guard let label = gtk_list_item_get_child(listItem.item), let item = gtk_list_item_get_item(listItem.item) else { return }
            gtk_label_set_text(OpaquePointer(label), gtk_string_object_get_string(OpaquePointer(item)))
        }
        gtk_drop_down_set_factory(cast(), button.cast())
        gtk_drop_down_set_list_factory(cast(), list.cast())
    }

    /// Opens the popup, as a click or Enter does.
    public func popup() { shim_signal_emit(cast(), "activate") }
}
