import CAdw
import Gtk

/// AdwLeaflet: panes side by side, or one at a time with sliding when the window is too
/// narrow for their minimum widths.
@MainActor
public final class Leaflet: Widget {
    private var leaflet: OpaquePointer { cast() }

    /// True when only one pane shows at a time.
    public var isFolded: Bool { adw_leaflet_get_folded(leaflet) != 0 }

    public var visibleChildName: String {
        get { adw_leaflet_get_visible_child_name(leaflet).map { String(cString: $0) } ?? "" }
        set { adw_leaflet_set_visible_child_name(leaflet, newValue) }
    }

    /// The visible pane as code names it: an enum whose raw values are the .ui file's child names.
    public func visible<Pane: RawRepresentable<String>>(_: Pane.Type) -> Pane? { Pane(rawValue: visibleChildName) }

    public func show(_ pane: some RawRepresentable<String>) { visibleChildName = pane.rawValue }

    public func onVisibleChildChanged(_ handler: @escaping @MainActor () -> Void) { onNotify("visible-child", handler) }
}
