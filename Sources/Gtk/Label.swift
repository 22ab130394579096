import CGtk

@MainActor
public final class Label: Widget {
    public convenience init(_ text: String = "") {
        self.init(retaining: gtk_label_new(text))
    }

    public func alignStart() { gtk_label_set_xalign(cast(), 0) }

    /// Ends a text too long for its place with "…" (it then asks for little width).
    public func ellipsizeAtEnd() { gtk_label_set_ellipsize(cast(), PANGO_ELLIPSIZE_END) }

    /// Wraps between words onto more lines, right-aligned (a column of prices): it then asks
    /// only for its longest word as its narrowest width. (Beside a taller neighbour, such as
    /// a row's artwork, GTK lays it out on as many lines as that height holds.)
    public func wrapAlignedToEnd() {
        gtk_label_set_wrap(cast(), 1)
        gtk_label_set_wrap_mode(cast(), PANGO_WRAP_WORD)
        gtk_label_set_justify(cast(), GTK_JUSTIFY_RIGHT)
        gtk_label_set_xalign(cast(), 1)
    }

    /// Whether a wrapping label asks for its whole text on one line as its natural width, so that
    /// it wraps only where there is no room for that. By default GTK asks for as narrow a width
    /// as the height it is given holds (beside a row's artwork, three short lines where one fitted).
    public var asksForOneLine: Bool {
        get { gtk_label_get_natural_wrap_mode(cast()) == GTK_NATURAL_WRAP_NONE }
        set { gtk_label_set_natural_wrap_mode(cast(), newValue ? GTK_NATURAL_WRAP_NONE : GTK_NATURAL_WRAP_INHERIT) }
    }

    /// Whether it may wrap (see `wrapAlignedToEnd`). A wrapping label costs GTK more to measure.
    public var wraps: Bool {
        get { gtk_label_get_wrap(cast()) != 0 }
        set { gtk_label_set_wrap(cast(), newValue ? 1 : 0) }
    }

    /// The most characters' width it asks for (nil: its whole text).
    public var maximumWidthChars: Int? {
        get { gtk_label_get_max_width_chars(cast()) < 0 ? nil : Int(gtk_label_get_max_width_chars(cast())) }
        set { gtk_label_set_max_width_chars(cast(), Int32(newValue ?? -1)) }
    }

    public var isSelectable: Bool {
        get { gtk_label_get_selectable(cast()) != 0 }
        set { gtk_label_set_selectable(cast(), newValue ? 1 : 0) }
    }

    public var text: String {
        get { String(cString: gtk_label_get_text(cast())) }
        set { gtk_label_set_text(cast(), newValue) }
    }

    /// Sets Pango markup (`<s>`, `<b>`): text put in it must be escaped (`escapedMarkup`).
    public func setMarkup(_ markup: String) { gtk_label_set_markup(cast(), markup) }

    /// `text` with `<`, `>`, `&` and quotes escaped for markup.
    public static func escapedMarkup(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
