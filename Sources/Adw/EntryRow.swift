import CAdw
import Gtk

/// AdwEntryRow: a boxed-list row with a title and a text field. Enter is its
/// "entry-activated" (a list row's own "activate" means something else).
@MainActor
public final class EntryRow: Editable {
    public override func onActivate(_ handler: @escaping @MainActor () -> Void) {
        connect("entry-activated", thunk: SignalThunks.plain, handler: handler)
    }

    public override func activate() { emit("entry-activated") }

    /// The row's title, which is also the name screen readers hear for its text.
    public var title: String {
        String(
            cString: adw_preferences_row_get_title(
                UnsafeMutableRawPointer(gobject).assumingMemoryBound(to: AdwPreferencesRow.self)))
    }
}
