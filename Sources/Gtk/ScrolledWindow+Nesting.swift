import CGtk
import Foundation

extension ScrolledWindow {
    /// For a pane scrolled sideways inside `outer`, scrolled up and down: the mouse wheel scrolls
    /// `outer` while the pointer is over this pane too. (GTK turns a wheel over a pane that cannot
    /// scroll vertically into sideways scrolling, so the page stopped under the pointer.) Sideways
    /// touchpad swipes still scroll this pane.
    public func passVerticalScrolls(to outer: ScrolledWindow) {
        let controller = EventController(verticalScrollWatcher: ())
        controller.onScroll { [weak outer] dx, dy, inWheelClicks in
            guard let outer, dy != 0, abs(dy) >= abs(dx) else { return false }
            let adjustment = gtk_scrolled_window_get_vadjustment(outer.cast())
            let page = gtk_adjustment_get_page_size(adjustment)
            // A wheel click moves as far as GTK's own scrolled windows move it.
            let distance = inWheelClicks ? dy * pow(page, 2.0 / 3.0) : dy
            let highest = gtk_adjustment_get_upper(adjustment) - page
            gtk_adjustment_set_value(
                adjustment,
                min(max(gtk_adjustment_get_value(adjustment) + distance, gtk_adjustment_get_lower(adjustment)), highest)
            )
            return true
        }
        addController(controller)
    }
}
