import CGtk
import Foundation

/// The desktop's own Save dialog (GtkFileChooserNative: through the file chooser portal where
/// there is one, GTK's dialog otherwise). GTK 4.8 has no GtkFileDialog.
@MainActor
public final class FileChooserNative: Object {
    public required init(retaining pointer: UnsafeMutableRawPointer) { super.init(retaining: pointer) }

    private var chooser: OpaquePointer { OpaquePointer(gobject) }
    private var dialog: UnsafeMutablePointer<GtkNativeDialog> { cast() }

    /// A Save dialog over `parent` proposing `suggestedName` in the user's Documents folder (the
    /// home folder without one), not the folder the app was started from.
    public init(saveTitle title: String, acceptLabel: String, parent: Window, suggestedName: String) {
        let native = gtk_file_chooser_native_new(title, parent.window, GTK_FILE_CHOOSER_ACTION_SAVE, acceptLabel, nil)!
        super.init(taking: UnsafeMutableRawPointer(native))
        gtk_native_dialog_set_modal(dialog, 1)
        let folder = g_file_new_for_path(g_get_user_special_dir(G_USER_DIRECTORY_DOCUMENTS) ?? g_get_home_dir())
        defer { g_object_unref(UnsafeMutableRawPointer(folder)) }
        var error: UnsafeMutablePointer<GError>?
        if gtk_file_chooser_set_current_folder(chooser, folder, &error) == 0, let error {
            Log.warning("Gtk", "The Save dialog cannot start in its folder: \(String(cString: error.pointee.message))")
            g_error_free(error)
        }
        gtk_file_chooser_set_current_name(chooser, suggestedName)
    }

    /// Offers these file types (a name and the patterns of its files, "*.csv"), the first chosen.
    public func addFilters(_ filters: [(name: String, patterns: [String])]) {
        for (name, patterns) in filters {
            let filter = gtk_file_filter_new()!
            gtk_file_filter_set_name(filter, name)
            for pattern in patterns { gtk_file_filter_add_pattern(filter, pattern) }
            gtk_file_chooser_add_filter(chooser, filter)  // the chooser takes its own reference
            g_object_unref(UnsafeMutableRawPointer(filter))
        }
        if let first = filterPointers.first { gtk_file_chooser_set_filter(chooser, first) }
    }

    /// The file type chosen, by its place among those added (nil: none).
    public var filterIndex: Int? {
        get {
            guard let current = gtk_file_chooser_get_filter(chooser) else { return nil }
            return filterPointers.firstIndex(of: current)
        }
        set {
            let filters = filterPointers
            guard let newValue, filters.indices.contains(newValue) else { return }
            gtk_file_chooser_set_filter(chooser, filters[newValue])
        }
    }

    private var filterPointers: [OpaquePointer] {
        guard let list = gtk_file_chooser_get_filters(chooser) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(list)) }
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            guard let item = g_list_model_get_item(list, index) else { return nil }
            g_object_unref(item)  // the list keeps it
            return OpaquePointer(item)
        }
    }

    /// The name typed in the dialog.
    public var currentName: String {
        get {
            guard let name = gtk_file_chooser_get_current_name(chooser) else { return "" }
            defer { g_free(name) }
            return String(cString: name)
        }
        set { gtk_file_chooser_set_current_name(chooser, newValue) }
    }

    /// Shows the dialog; `handler` gets the chosen file's path, or nil when cancelled. The
    /// dialog keeps itself alive until it answers.
    public func run(_ handler: @escaping @MainActor (String?) -> Void) {
        let retained = Unmanaged.passRetained(self)
        connect(
            "response", thunk: SignalThunks.int,
            handler: { [chooser] (response: Int32) in
                var path: String?
                if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) {
                    if let cPath = g_file_get_path(file) {
                        path = String(cString: cPath)
                        g_free(cPath)
                    }
                    g_object_unref(UnsafeMutableRawPointer(file))
                }
                handler(path)
                retained.release()
            })
        gtk_native_dialog_show(dialog)
    }

}
