import CGtk

/// Shows one named page at a time.
@MainActor
public final class Stack: Widget {
    public var visiblePage: String {
        get { gtk_stack_get_visible_child_name(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_stack_set_visible_child_name(cast(), newValue) }
    }

    /// The visible page as code names it: an enum whose raw values are the .ui file's page names.
    public func visible<Page: RawRepresentable<String>>(_: Page.Type) -> Page? { Page(rawValue: visiblePage) }

    public func show(_ page: some RawRepresentable<String>) { visiblePage = page.rawValue }
}
