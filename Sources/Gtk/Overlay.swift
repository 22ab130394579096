import CGtk

/// A GtkOverlay: one child, with others laid over it (a badge on a cover).
@MainActor
public final class Overlay: Widget {
    public convenience init() {
        self.init(retaining: gtk_overlay_new())
    }

    public func setChild(_ child: Widget) {
        withExtendedLifetime(child) { gtk_overlay_set_child(cast(), child.widget) }
    }

    /// Lays `widget` over the child, placed by its own alignment.
    public func addOverlay(_ widget: Widget) {
        withExtendedLifetime(widget) { gtk_overlay_add_overlay(cast(), widget.widget) }
    }
}
