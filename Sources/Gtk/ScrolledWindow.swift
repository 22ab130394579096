import CGtk

@MainActor
public final class ScrolledWindow: Widget {
    public convenience init() { self.init(retaining: gtk_scrolled_window_new()) }

    public var verticalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(cast())) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(cast()), newValue) }
    }

    /// The vertical scroll position and extent (shared with the scrollable child).
    public var verticalAdjustment: Adjustment {
        Adjustment(retaining: UnsafeMutableRawPointer(gtk_scrolled_window_get_vadjustment(cast())))
    }
}

extension ScrolledWindow {
    public func setChild(_ child: Widget?) {
        withExtendedLifetime(child) { gtk_scrolled_window_set_child(cast(), child?.widget) }
    }
}
