import CGtk

@MainActor
public final class Popover: Widget {
    public func popup() { gtk_popover_popup(cast()) }
    public func popdown() { gtk_popover_popdown(cast()) }
}
