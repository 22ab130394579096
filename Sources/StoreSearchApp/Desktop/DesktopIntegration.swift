import Gtk

/// What makes the window look like the installed app: its icon, found next to the binary
/// (`<prefix>/share/icons`, or `Resources/icons` in the source tree) as well as in the system theme.
@MainActor
enum DesktopIntegration {
    static func prepare(resources: ResourceLocator) {
        IconTheme.addSearchPath(resources.iconDirectory.path)
        Window.setDefaultIconName(StoreSearchApp.applicationID)
    }
}
