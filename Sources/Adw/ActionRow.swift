import CAdw
import Gtk

/// AdwActionRow: a boxed-list row with a title, a subtitle and widgets at its end.
@MainActor
public final class ActionRow: Widget {
    public convenience init(title: String, subtitle: String? = nil) {
        self.init(retaining: UnsafeMutableRawPointer(adw_action_row_new()!))
        // Titles are Pango markup in libadwaita 1.2 unless told otherwise.
        adw_preferences_row_set_use_markup(cast(), 0)
        adw_preferences_row_set_title(cast(), title)
        if let subtitle { adw_action_row_set_subtitle(cast(), subtitle) }
    }

    public var title: String { adw_preferences_row_get_title(cast()).map { String(cString: $0) } ?? "" }

    /// Wraps the title between words only. libadwaita 1.2 wraps it at any character, so beside
    /// a long value the title could be squeezed to a few letters a line ("Colle-ction"); this way
    /// the narrowest it gets is its longest word, and the value gives way.
    public func wrapTitleBetweenWords() {
        func visit(_ widget: UnsafeMutablePointer<GtkWidget>) {
            if gtk_widget_has_css_class(widget, "title") != 0,
                g_type_check_instance_is_a(
                    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), gtk_label_get_type())
                    != 0
            {
                gtk_label_set_wrap_mode(OpaquePointer(widget), PANGO_WRAP_WORD)
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                visit(current)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(widget)
    }

    /// Whether activating the row (a click, Enter) makes its list box report it.
    public var isActivatable: Bool {
        get { gtk_list_box_row_get_activatable(cast()) != 0 }
        set { gtk_list_box_row_set_activatable(cast(), newValue ? 1 : 0) }
    }

    public func addSuffix(_ widget: Widget) {
        withExtendedLifetime(widget) { adw_action_row_add_suffix(cast(), widget.widget) }
    }
}
