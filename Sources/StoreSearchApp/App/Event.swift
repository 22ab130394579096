/// Something one part of the window announces and any number of others follow (the detail
/// shows an item, a change reached the store): the parts talk through a few of these instead of
/// single-slot closures that MainWindow wires one by one.
@MainActor
package final class Event<Value> {
    private var handlers: [(Value) -> Void] = []

    package func subscribe(_ handler: @escaping (Value) -> Void) {
        handlers.append(handler)
    }

    func send(_ value: Value) {
        for handler in handlers { handler(value) }
    }
}

extension Event<Void> {
    func send() { send(()) }
}
