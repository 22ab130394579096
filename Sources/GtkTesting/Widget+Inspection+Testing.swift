import CGtk
import Gtk

/// What tests and the bench read of a widget's accessible name, tooltip and place on screen.
extension Widget {
    /// Whether assistive technology is told `label` as this widget's name. Answers only under
    /// the test accessibility backend (`GTK_A11Y=test`), which UI tests run with.
    public func hasAccessibleLabel(_ label: String) -> Bool {
        shim_accessible_has_property(OpaquePointer(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label) != 0
    }

    /// This widget or the first widget inside it (depth first) whose accessible name is `label`.
    public func descendant(accessibleLabel label: String) -> Widget? {
        descendant { $0.hasAccessibleLabel(label) }
    }

    /// This widget or the first widget inside it (depth first) that `matches`.
    public func descendant(where matches: (Widget) -> Bool) -> Widget? {
        if matches(self) { return self }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let found = Widget(retaining: current).descendant(where: matches) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// The text its tooltip shows now, if set up with `showTooltip`.
    public var shownTooltip: String? { Self.tooltipText(of: UnsafeMutableRawPointer(gobject)) }

    /// Where this toplevel's own coordinates start in its surface (the X window): past the
    /// client-side decorations' shadow, when there is one.
    public var surfaceOffset: (x: Double, y: Double) {
        guard let native = gtk_widget_get_native(widget) else { return (0, 0) }
        var x = 0.0, y = 0.0
        gtk_native_get_surface_transform(native, &x, &y)
        return (x, y)
    }
}

extension EventController {
    /// Emits GtkGestureSwipe's swipe as a finger would end one (GTK cannot be sent touch events
    /// under Xvfb).
    public func emitSwipe(velocityX: Double, velocityY: Double) {
        shim_signal_emit_swipe(gobject, velocityX, velocityY)
    }
}

extension Stack {
    public func hasPage(_ name: String) -> Bool { gtk_stack_get_child_by_name(cast(), name) != nil }
}

extension MainLoopBridge {
    public static var isInstalled: Bool { sourceID != 0 }
}

extension Label {
    /// Whether its text is cut with "…" where it is laid out now.
    public var isEllipsized: Bool { pango_layout_is_ellipsized(gtk_label_get_layout(cast())) != 0 }
}
