import CGtk

/// A stateless GSimpleAction whose activation runs a Swift closure.
@MainActor
final class Action: Object {
    public required init(retaining pointer: UnsafeMutableRawPointer) { super.init(retaining: pointer) }

    init(name: String, handler: @escaping @MainActor () -> Void) {
        super.init(taking: UnsafeMutableRawPointer(g_simple_action_new(name, nil)!))
        // The action map keeps the action; its handler lives as long as the action.
        connect("activate", thunk: SignalThunks.pointer, handler: { (_: gpointer?) in handler() },
                untilFinalized: true)
    }
}
