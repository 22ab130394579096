import CGtk

@MainActor
public final class HeaderBar: Widget {
    public func setTitleWidget(_ child: Widget?) { gtk_header_bar_set_title_widget(cast(), child?.widget) }
    public func packStart(_ child: Widget) { withExtendedLifetime(child) { gtk_header_bar_pack_start(cast(), child.widget) } }
    public func packEnd(_ child: Widget) { withExtendedLifetime(child) { gtk_header_bar_pack_end(cast(), child.widget) } }
}
