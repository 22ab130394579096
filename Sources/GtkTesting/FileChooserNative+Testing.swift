import CGtk
import Foundation
import Gtk

extension FileChooserNative {
    /// Answers the dialog GTK shows for it (GtkFileChooserDialog, without a file chooser portal) as
    /// a user does: Save with `path` typed (its folder and name), or Cancel (nil). False when no
    /// such dialog shows.
    @discardableResult
    public func respond(choosing path: String?) -> Bool {
        let toplevels = gtk_window_get_toplevels()!
        var dialog: UnsafeMutableRawPointer?
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let window = g_list_model_get_item(toplevels, index) else { continue }
            g_object_unref(window)  // the list keeps it
            if shim_is_a(window, gtk_file_chooser_dialog_get_type()) != 0,
                gtk_widget_get_visible(window.assumingMemoryBound(to: GtkWidget.self)) != 0
            {
                dialog = window
            }
        }
        guard let dialog else { return false }
        if let path {
            let url = URL(fileURLWithPath: path)
            let folder = g_file_new_for_path(url.deletingLastPathComponent().path)
            defer { g_object_unref(UnsafeMutableRawPointer(folder)) }
            gtk_file_chooser_set_current_folder(OpaquePointer(dialog), folder, nil)
            gtk_file_chooser_set_current_name(OpaquePointer(dialog), url.lastPathComponent)
        }
        gtk_dialog_response(
            dialog.assumingMemoryBound(to: GtkDialog.self),
            path == nil ? GTK_RESPONSE_CANCEL.rawValue : GTK_RESPONSE_ACCEPT.rawValue)
        return true
    }
}
