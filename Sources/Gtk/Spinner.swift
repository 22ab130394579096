import CGtk

@MainActor
public final class Spinner: Widget {
    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(cast()) != 0 }
        set { gtk_spinner_set_spinning(cast(), newValue ? 1 : 0) }
    }

    /// Spins while it is on screen only. A spinning spinner keeps its window's frame clock
    /// running even unmapped, in a page of a stack that is not shown (GTK 4.8): an idle window
    /// holding one woke up about 390 times a second.
    /// Lasts as long as the spinner, whatever becomes of this wrapper.
    public func spinWhileMapped() {
        isSpinning = isMapped
        let spinner = OpaquePointer(widget)
        let spin: SignalThunks.Plain = { gtk_spinner_set_spinning(spinner, 1) }
        let stop: SignalThunks.Plain = { gtk_spinner_set_spinning(spinner, 0) }
        connect("map", thunk: SignalThunks.plain, handler: spin, untilFinalized: true)
        connect("unmap", thunk: SignalThunks.plain, handler: stop, untilFinalized: true)
    }
}
