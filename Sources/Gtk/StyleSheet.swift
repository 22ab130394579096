import CGtk

/// Applies a CSS file to every widget on the default display.
@MainActor
public enum StyleSheet {
    /// `path`: the file's path in the registered resources.
    public static func load(resource path: String) {
        guard let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_resource(provider, path)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }
}
