import CGtk

extension Widget {
    /// While one of the popovers in this widget's tree is open it holds the keyboard, so a key
    /// the window manager binds (Alt+F4) reaches the popover instead, and propagation starts
    /// at the popover, never at the window's shortcuts. Each popover runs `action` (a `win.`
    /// action name) for `<Alt>F4` after closing itself. Popovers are children of the widget
    /// they point at, so call this once the tree is built.
    public func runInPopoversOnAltF4(_ action: String) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if shim_is_a(UnsafeMutableRawPointer(current), gtk_popover_get_type()) != 0 {
                let controller = EventController(keyController: ())
                gtk_event_controller_set_propagation_phase(controller.cast(), GTK_PHASE_CAPTURE)
                // The popover owns the controller, so the pointer is alive whenever this runs.
                let popover = current
                controller.onKeyPressed { keyval, modifiers in
                    guard keyval == UInt32(GDK_KEY_F4), modifiers.rawValue & GDK_ALT_MASK.rawValue != 0 else {
                        return false
                    }
                    gtk_popover_popdown(UnsafeMutableRawPointer(popover).assumingMemoryBound(to: GtkPopover.self))
                    return gtk_widget_activate_action_variant(popover, action, nil) != 0
                }
                Widget(retaining: current).addController(controller)
            }
            Widget(retaining: current).runInPopoversOnAltF4(action)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Closes every open popover in this widget's tree.
    public func popDownPopovers() {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if shim_is_a(UnsafeMutableRawPointer(current), gtk_popover_get_type()) != 0,
                gtk_widget_get_visible(current) != 0
            {
                gtk_popover_popdown(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GtkPopover.self))
            }
            Widget(retaining: current).popDownPopovers()
            child = gtk_widget_get_next_sibling(current)
        }
    }
}
