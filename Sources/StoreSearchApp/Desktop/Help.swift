import Gtk
import StoreSearchCore

/// The user's guide: Mallard pages (`help/C/*.page`, translated in `help/LANG/`) installed in
/// `share/help/LANG/io.github.storesearch.StoreSearch/`, where the desktop's help viewer (yelp)
/// finds them for a `help:` URI through XDG_DATA_DIRS. F1 and the main menu's Help open it
/// (`app.help`, ApplicationActions).
@MainActor
enum Help {
    static let uri = "help:\(StoreSearchApp.applicationID)"

    /// Asks the desktop to open the help for `window` (nil: no window is open). When it cannot,
    /// the failure is logged and `failed` gets what to tell the user.
    static func open(for window: Window?, failed: @escaping @MainActor (String) -> Void) {
        Window.showURI(uri, for: window) { failure in
            Log.warning(LogDomain.app, "Could not open \(uri): \(failure.message)")
            failed(
                failure.noHandler
                    ? localized("No help viewer is installed. Install Yelp to read StoreSearch’s help.")
                    : String(format: localized("The help could not be opened: %@"), failure.message))
        }
    }
}
