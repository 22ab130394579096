import CAdw
import Gtk

/// AdwWindowTitle: a header bar's title, ellipsized to fit.
@MainActor
public final class WindowTitle: Widget {
    public var title: String {
        get { adw_window_title_get_title(cast()).map { String(cString: $0) } ?? "" }
        set { adw_window_title_set_title(cast(), newValue) }
    }
}
