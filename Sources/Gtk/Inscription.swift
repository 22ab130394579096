import CGtk

/// GtkInscription: a text made for list cells (cheap to measure, ellipsizes).
@MainActor
public final class Inscription: Widget {
    public convenience init() {
        self.init(retaining: gtk_inscription_new(nil))
    }

    /// Ends text that does not fit with "…" (instead of clipping it mid-word).
    public func ellipsizeAtEnd() { gtk_inscription_set_text_overflow(cast(), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END) }

    /// The width it asks for, in characters: at least `minimum`, gladly `natural` (GTK's
    /// defaults, 3 and 0, let a neighbour squeeze it to one letter and an ellipsis).
    public func requestCharacters(minimum: Int, natural: Int) {
        gtk_inscription_set_min_chars(cast(), guint(minimum))
        gtk_inscription_set_nat_chars(cast(), guint(natural))
    }

    /// Centers the text (grid tiles).
    public func centerText() { gtk_inscription_set_xalign(cast(), 0.5) }

    public var text: String {
        get { gtk_inscription_get_text(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_inscription_set_text(cast(), newValue) }
    }
}
