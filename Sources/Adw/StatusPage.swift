import CAdw
import Gtk

/// AdwStatusPage: an icon, a title and a description for empty and error states.
@MainActor
public final class StatusPage: Widget {
    public var title: String {
        get { adw_status_page_get_title(cast()).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_title(cast(), newValue) }
    }

    public var pageDescription: String {
        get { adw_status_page_get_description(cast()).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_description(cast(), newValue) }
    }
}
