import CGtk

@MainActor
public final class Label: Widget {
    public convenience init(_ text: String = "") {
        self.init(retaining: gtk_label_new(text))
    }

    public func alignStart() { gtk_label_set_xalign(cast(), 0) }

    /// Ends a text too long for its place with "…" (it then asks for little width).
    public func ellipsizeAtEnd() { gtk_label_set_ellipsize(cast(), PANGO_ELLIPSIZE_END) }

    public var isSelectable: Bool {
        get { gtk_label_get_selectable(cast()) != 0 }
        set { gtk_label_set_selectable(cast(), newValue ? 1 : 0) }
    }

    public var text: String {
        get { String(cString: gtk_label_get_text(cast())) }
        set { gtk_label_set_text(cast(), newValue) }
    }
}
