import CGtk

@MainActor
public final class Spinner: Widget {
    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(cast()) != 0 }
        set { gtk_spinner_set_spinning(cast(), newValue ? 1 : 0) }
    }
}
