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

    /// Whether activating the row (a click, Enter) makes its list box report it.
    public var isActivatable: Bool {
        get { gtk_list_box_row_get_activatable(cast()) != 0 }
        set { gtk_list_box_row_set_activatable(cast(), newValue ? 1 : 0) }
    }

    public func addSuffix(_ widget: Widget) {
        withExtendedLifetime(widget) { adw_action_row_add_suffix(cast(), widget.widget) }
    }
}
