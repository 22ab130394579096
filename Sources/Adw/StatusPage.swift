import CAdw
import Gtk

/// AdwStatusPage: an icon, a title and a description for empty and error states.
@MainActor
public final class StatusPage: Widget {
    /// Status pages built from `.ui` files under `root`: their labels get names (see `nameLabels`).
    public static func nameLabels(under root: Widget) { root.nameLabels(inside: adw_status_page_get_type()) }

    public var title: String {
        get { adw_status_page_get_title(cast()).map { String(cString: $0) } ?? "" }
        set {
            adw_status_page_set_title(cast(), newValue)
            nameLabelsByText()
        }
    }

    /// Plain text. AdwStatusPage reads its description as Pango markup, so it is escaped on the
    /// way in: a search for "R&B" or a server's "<error>" shows as written.
    public var pageDescription: String {
        get { plainDescription ?? adw_status_page_get_description(cast()).map { String(cString: $0) } ?? "" }
        set {
            plainDescription = newValue
            let escaped = g_markup_escape_text(newValue, -1)
            defer { g_free(escaped) }
            adw_status_page_set_description(cast(), escaped)
            nameLabelsByText()
        }
    }
    private var plainDescription: String?
}
