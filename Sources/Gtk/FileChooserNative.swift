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
