import CGtk

/// Creates and binds list rows through Swift closures.
@MainActor
final class SignalListItemFactory: Object {
    init() { super.init(taking: UnsafeMutableRawPointer(gtk_signal_list_item_factory_new()!)) }

    required init(retaining pointer: UnsafeMutableRawPointer) { super.init(retaining: pointer) }

    /// A factory whose bind hands over the Swift value of the bound item.
    convenience init<Element>(
        model: ListModel<Element>,
        setup: @escaping @MainActor (ListItem) -> Void,
        bind: @escaping @MainActor (ListItem, Element) -> Void,
        unbind: @escaping @MainActor (ListItem) -> Void,
        teardown: @escaping @MainActor (ListItem) -> Void
    ) {
        self.init()
        onSetup(setup)
        onBind { item in
            guard let modelItem = item.modelItem, let value = item.value(in: model) else { return }
            bind(item, value)
            model.bound(modelItem, to: item) { item in
                guard let value = item.value(in: model) else { return }
                unbind(item)
                bind(item, value)
            }
        }
        onUnbind { item in
            if let modelItem = item.modelItem { model.unbound(modelItem, from: item) }
            unbind(item)
        }
        onTeardown(teardown)
    }

    // The list view owns the factory after this wrapper is gone, so handlers live until finalize.
    func onSetup(_ handler: @escaping @MainActor (ListItem) -> Void) { on("setup", handler) }
    func onBind(_ handler: @escaping @MainActor (ListItem) -> Void) { on("bind", handler) }
    func onUnbind(_ handler: @escaping @MainActor (ListItem) -> Void) { on("unbind", handler) }
    func onTeardown(_ handler: @escaping @MainActor (ListItem) -> Void) { on("teardown", handler) }

    private func on(_ signal: String, _ handler: @escaping @MainActor (ListItem) -> Void) {
        connect(
            signal, thunk: SignalThunks.pointer,
            handler: { (item: gpointer?) in
                handler(ListItem(item: OpaquePointer(item!)))
            }, untilFinalized: true)
    }
}
