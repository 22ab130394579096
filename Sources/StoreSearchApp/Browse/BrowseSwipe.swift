import Gtk

/// Back through the browsed pages with a swipe, as GNOME apps go back on a folded AdwLeaflet
/// (whose own swipe only slides from the detail to the results): a finger swiped towards the
/// reading direction's end on the results pane (touch only: a mouse drag there selects and drags
/// rows), or a touchpad's two fingers swiped the same way (horizontal scrolling in its pixels;
/// a tilting wheel's clicks are left alone). Only when `isEnabled` (folded, on the results).
@MainActor
final class BrowseSwipe {
    /// A flick slower than this (px/s), or more vertical than horizontal, is not a swipe back.
    static let minimumSpeed = 400.0
    /// How far a touchpad's fingers travel (its scroll pixels) to go back.
    static let touchpadDistance = 120.0

    let touch = EventController(touchSwipe: ())
    let touchpad = EventController(horizontalScrolls: ())
    private let pane: Widget
    private let isEnabled: () -> Bool
    private let goBack: () -> Bool
    /// The touchpad's horizontal travel since its fingers came down, towards the back positive.
    private var touchpadTravel = 0.0

    init(pane: Widget, isEnabled: @escaping () -> Bool, goBack: @escaping () -> Bool) {
        self.pane = pane
        self.isEnabled = isEnabled
        self.goBack = goBack
        touch.onSwipe { [weak self] velocityX, velocityY in self?.swiped(velocityX: velocityX, velocityY: velocityY) }
        touchpad.onScroll { [weak self] dx, dy, inWheelClicks in
            self?.scrolled(dx: dx, dy: dy, inWheelClicks: inWheelClicks) ?? false
        }
        touchpad.onScrollEnd { [weak self] in self?.scrollEnded() }
        pane.addController(touch)
        pane.addController(touchpad)
    }

    /// A finger left the screen at this velocity: back when it moved towards the reading end.
    @discardableResult
    func swiped(velocityX: Double, velocityY: Double) -> Bool {
        let towardsBack = isRightToLeft ? -velocityX : velocityX
        guard isEnabled(), towardsBack >= Self.minimumSpeed, abs(velocityX) > 2 * abs(velocityY) else { return false }
        return goBack()
    }

    /// Two fingers moved on a touchpad. Its deltas follow the content (GNOME's natural scrolling),
    /// as AdwSwipeTracker reads them: back is towards negative x in left-to-right.
    func scrolled(dx: Double, dy: Double, inWheelClicks: Bool) -> Bool {
        guard !inWheelClicks, isEnabled() else { return false }
        touchpadTravel += isRightToLeft ? dx : -dx
        return true
    }

    /// The fingers left the touchpad: back if they travelled far enough that way.
    @discardableResult
    func scrollEnded() -> Bool {
        defer { touchpadTravel = 0 }
        guard touchpadTravel >= Self.touchpadDistance, isEnabled() else { return false }
        return goBack()
    }

    private var isRightToLeft: Bool { pane.isRightToLeft }
}
