import CGtk

/// Slides a child in and out.
@MainActor
public final class Revealer: Widget {
    public var isRevealed: Bool {
        get { gtk_revealer_get_reveal_child(cast()) != 0 }
        set { gtk_revealer_set_reveal_child(cast(), newValue ? 1 : 0) }
    }
}
