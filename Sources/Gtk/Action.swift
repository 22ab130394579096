import CGtk

/// A stateless GSimpleAction whose activation runs a Swift closure.
@MainActor
final class Action: Object {
    public required init(retaining pointer: UnsafeMutableRawPointer) { super.init(retaining: pointer) }

    init(name: String, handler: @escaping @MainActor () -> Void) {
        super.init(taking: UnsafeMutableRawPointer(g_simple_action_new(name, nil)!))
        // The action map keeps the action; its handler lives as long as the action.
        connect(
            "activate", thunk: SignalThunks.pointer, handler: { (_: gpointer?) in handler() },
            untilFinalized: true)
    }
}

/// A GSimpleAction with a boolean state, for a toggle button or a check menu item: activating
/// it flips the state and runs the handler with the new one.
@MainActor
final class BoolStateAction: Object {
    public required init(retaining pointer: UnsafeMutableRawPointer) { super.init(retaining: pointer) }

    init(name: String, state: Bool, handler: @escaping @MainActor (Bool) -> Void) {
        super.init(
            taking: UnsafeMutableRawPointer(
                g_simple_action_new_stateful(name, nil, g_variant_new_boolean(state ? 1 : 0))!))
        onChangeState { handler(g_variant_get_boolean($0) != 0) }
    }
}

/// A GSimpleAction with a string state, for a group of radio menu items (each names the action
/// and its value as target). Activating an item changes the state and runs the handler.
@MainActor
final class StringStateAction: Object {
    public required init(retaining pointer: UnsafeMutableRawPointer) { super.init(retaining: pointer) }

    init(name: String, state: String, handler: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        super.init(
            taking: UnsafeMutableRawPointer(g_simple_action_new_stateful(name, type, g_variant_new_string(state))!))
        onChangeState { handler(String(cString: g_variant_get_string($0, nil))) }
    }
}

extension Object {
    /// For a stateful GSimpleAction: each state asked for becomes its state, then `handler` runs
    /// with it. The action map keeps the GObject, not this wrapper: the handler holds the
    /// pointer, which lives as long as the handler does.
    fileprivate func onChangeState(_ handler: @escaping @MainActor (OpaquePointer) -> Void) {
        let action = OpaquePointer(gobject)
        connect(
            "change-state", thunk: SignalThunks.pointer,
            handler: { (value: gpointer?) in
                guard let value else { return }
                let variant = OpaquePointer(value)
                g_simple_action_set_state(action, variant)
                handler(variant)
            }, untilFinalized: true)
    }
}
