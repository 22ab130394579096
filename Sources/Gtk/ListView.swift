import CGtk

/// A GtkListView with single selection over a `ListModel`, rows made by Swift closures.
@MainActor
public final class ListView<Element>: ListBase<Element> {
    public convenience init(
        model: ListModel<Element>,
        setup: @escaping @MainActor (ListItem) -> Void,
        bind: @escaping @MainActor (ListItem, Element) -> Void,
        unbind: @escaping @MainActor (ListItem) -> Void,
        teardown: @escaping @MainActor (ListItem) -> Void = { _ in }
    ) {
        self.init(
            selection: SingleSelection(model: model), setup: setup, bind: bind, unbind: unbind, teardown: teardown)
    }

    /// A list over an existing selection (shared with another view of the same items).
    public init(
        selection: SingleSelection<Element>,
        setup: @escaping @MainActor (ListItem) -> Void,
        bind: @escaping @MainActor (ListItem, Element) -> Void,
        unbind: @escaping @MainActor (ListItem) -> Void,
        teardown: @escaping @MainActor (ListItem) -> Void = { _ in }
    ) {
        super.init(selection: selection, setup: setup, bind: bind, unbind: unbind, teardown: teardown) {
            gtk_list_view_new($0, $1)
        }
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) { super.init(retaining: pointer) }

    override func setModel(_ model: OpaquePointer?) { gtk_list_view_set_model(cast(), model) }

    public var selectedIndex: Int? {
        get { selection.selectedIndex }
        set { selection.selectedIndex = newValue }
    }

    public var selectedElement: Element? { selection.selectedElement }

    public func onSelectionChanged(_ handler: @escaping @MainActor () -> Void) {
        selection.onSelectionChanged(handler)
    }
}
