import CGtk

/// A header-bar button that opens a menu model given in the .ui file.
@MainActor
public final class MenuButton: Widget {
    public func popup() { gtk_menu_button_popup(cast()) }
    public func popdown() { gtk_menu_button_popdown(cast()) }
}
