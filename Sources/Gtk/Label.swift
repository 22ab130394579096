import CGtk

@MainActor
public final class Label: Widget {
    public convenience init(_ text: String = "") {
        self.init(retaining: gtk_label_new(text))
    }

    public var text: String {
        get { String(cString: gtk_label_get_text(cast())) }
        set { gtk_label_set_text(cast(), newValue) }
    }
}
