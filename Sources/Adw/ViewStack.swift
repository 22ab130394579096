import CAdw
import Gtk

/// AdwViewStack: named pages that an AdwViewSwitcherTitle (header) and an AdwViewSwitcherBar
/// (bottom, when narrow) switch between.
@MainActor
public final class ViewStack: Widget {
    private var stack: OpaquePointer { cast() }

    public var visiblePage: String {
        get { adw_view_stack_get_visible_child_name(stack).map { String(cString: $0) } ?? "" }
        set { adw_view_stack_set_visible_child_name(stack, newValue) }
    }

    /// The visible page as code names it: an enum whose raw values are the .ui file's page names.
    public func visible<Page: RawRepresentable<String>>(_: Page.Type) -> Page? { Page(rawValue: visiblePage) }

    public func show(_ page: some RawRepresentable<String>) { visiblePage = page.rawValue }

    public func onVisiblePageChanged(_ handler: @escaping @MainActor () -> Void) {
        onNotify("visible-child-name", handler)
    }
}
