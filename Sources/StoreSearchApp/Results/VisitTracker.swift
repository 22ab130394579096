import Gtk

/// Decides when a selected result counts as visited: at once when the user clicked it or pressed
/// Enter on it, or after it stayed selected for `dwell`. Arrowing past rows visits nothing.
@MainActor
final class VisitTracker {
    static let dwell: Duration = .milliseconds(1500)
    /// A selection this soon after a pointer press came from that click.
    private static let clickWindow: Duration = .seconds(1)

    private var dwellTimer: Gtk.Timer?
    private var lastPointerPress: ContinuousClock.Instant?
    /// Marks the item visited; called with the selection's item id.
    private let visit: @MainActor (String) -> Void

    init(visit: @escaping @MainActor (String) -> Void) { self.visit = visit }

    /// A pointer button went down over the results.
    func pointerPressed() { lastPointerPress = .now }

    /// The selection moved to `id` (nil: nothing selected).
    func selected(_ id: String?) {
        dwellTimer?.cancel()
        dwellTimer = nil
        guard let id else { return }
        if let press = lastPointerPress, ContinuousClock.now - press < Self.clickWindow {
            lastPointerPress = nil
            return visit(id)
        }
        dwellTimer = MainContext.after(Self.dwell) { [weak self] in
            self?.dwellTimer = nil
            self?.visit(id)
        }
    }

    /// Enter or a double click on the row of `id`.
    func activated(_ id: String) {
        dwellTimer?.cancel()
        dwellTimer = nil
        visit(id)
    }

    func cancel() {
        dwellTimer?.cancel()
        dwellTimer = nil
    }
}
