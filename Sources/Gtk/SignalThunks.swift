import CGtk

/// One C entry point per signal signature. Each enters the main actor (GTK emits signals on
/// the main thread) and calls the boxed Swift closure.
@MainActor
package enum SignalThunks {
    package typealias Plain = @MainActor () -> Void
    package typealias Returning = @MainActor () -> Bool
    package typealias WithPointer = @MainActor (gpointer?) -> Void
    package typealias WithUInt = @MainActor (guint) -> Void
    package typealias WithInt = @MainActor (gint) -> Void
    package typealias Key = @MainActor (guint, GdkModifierType) -> Bool
    package typealias CommandLine = @MainActor (ApplicationCommandLine) -> Int32

    package static let plain: GCallback = unsafeBitCast(
        { (_: gpointer?, data: gpointer?) in
            let handler = HandlerBox<Plain>.from(data)
            MainActor.assumeIsolated { handler() }
        } as @convention(c) (gpointer?, gpointer?) -> Void, to: GCallback.self)

    package static let returning: GCallback = unsafeBitCast(
        { (_: gpointer?, data: gpointer?) -> gboolean in
            let handler = HandlerBox<Returning>.from(data)
            return MainActor.assumeIsolated { handler() } ? 1 : 0
        } as @convention(c) (gpointer?, gpointer?) -> gboolean, to: GCallback.self)

    package static let pointer: GCallback = unsafeBitCast(
        { (_: gpointer?, argument: gpointer?, data: gpointer?) in
            nonisolated(unsafe) let argument = argument
            let handler = HandlerBox<WithPointer>.from(data)
            MainActor.assumeIsolated { handler(argument) }
        } as @convention(c) (gpointer?, gpointer?, gpointer?) -> Void, to: GCallback.self)

    package static let uint: GCallback = unsafeBitCast(
        { (_: gpointer?, value: guint, data: gpointer?) in
            let handler = HandlerBox<WithUInt>.from(data)
            MainActor.assumeIsolated { handler(value) }
        } as @convention(c) (gpointer?, guint, gpointer?) -> Void, to: GCallback.self)

    package static let int: GCallback = unsafeBitCast(
        { (_: gpointer?, value: gint, data: gpointer?) in
            let handler = HandlerBox<WithInt>.from(data)
            MainActor.assumeIsolated { handler(value) }
        } as @convention(c) (gpointer?, gint, gpointer?) -> Void, to: GCallback.self)

    package static let key: GCallback = unsafeBitCast(
        { (_: gpointer?, keyval: guint, _: guint, state: GdkModifierType, data: gpointer?) -> gboolean in
            let handler = HandlerBox<Key>.from(data)
            return MainActor.assumeIsolated { handler(keyval, state) } ? 1 : 0
        } as @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean,
        to: GCallback.self)

    static let commandLine: GCallback = unsafeBitCast(
        { (_: gpointer?, commandLine: gpointer?, data: gpointer?) -> gint in
            nonisolated(unsafe) let commandLine = commandLine
            let handler = HandlerBox<CommandLine>.from(data)
            return MainActor.assumeIsolated { handler(ApplicationCommandLine(retaining: commandLine!)) }
        } as @convention(c) (gpointer?, gpointer?, gpointer?) -> gint, to: GCallback.self)

    /// GtkEventControllerScroll's scroll (dx, dy), and whether it comes in wheel clicks (else a
    /// touchpad's pixels); the handler returns whether it took it.
    package typealias Scroll = @MainActor (_ dx: Double, _ dy: Double, _ inWheelClicks: Bool) -> Bool

    static let scroll: GCallback = unsafeBitCast(
        { (controller: gpointer?, dx: gdouble, dy: gdouble, data: gpointer?) -> gboolean in
            let handler = HandlerBox<Scroll>.from(data)
            let inWheelClicks = gtk_event_controller_scroll_get_unit(OpaquePointer(controller)) == GDK_SCROLL_UNIT_WHEEL
            return MainActor.assumeIsolated { handler(dx, dy, inWheelClicks) } ? 1 : 0
        } as @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean, to: GCallback.self)

    /// GtkGestureSwipe's swipe (velocity_x, velocity_y) in pixels a second.
    package typealias Swipe = @MainActor (_ velocityX: Double, _ velocityY: Double) -> Void

    static let swipe: GCallback = unsafeBitCast(
        { (_: gpointer?, velocityX: gdouble, velocityY: gdouble, data: gpointer?) in
            let handler = HandlerBox<Swipe>.from(data)
            MainActor.assumeIsolated { handler(velocityX, velocityY) }
        } as @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void, to: GCallback.self)

    /// GtkGestureClick's pressed (n_press, x, y), for handlers that only need to know it happened.
    static let press: GCallback = unsafeBitCast(
        { (_: gpointer?, _: gint, _: gdouble, _: gdouble, data: gpointer?) in
            let handler = HandlerBox<Plain>.from(data)
            MainActor.assumeIsolated { handler() }
        } as @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void, to: GCallback.self)

    /// GtkGestureClick's released: how many presses in a row, where (in the widget's coordinates),
    /// and the modifier keys held.
    package typealias Click =
        @MainActor (_ presses: Int, _ x: Double, _ y: Double, _ modifiers: GdkModifierType) -> Void

    static let click: GCallback = unsafeBitCast(
        { (gesture: gpointer?, presses: gint, x: gdouble, y: gdouble, data: gpointer?) in
            let handler = HandlerBox<Click>.from(data)
            let modifiers = gtk_event_controller_get_current_event_state(OpaquePointer(gesture))
            MainActor.assumeIsolated { handler(Int(presses), x, y, modifiers) }
        } as @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void, to: GCallback.self)

    /// "query-tooltip" (widget, x, y, keyboard mode, tooltip): the handler gets the widget and
    /// the GtkTooltip to fill, and returns whether to show it.
    package typealias Tooltip = @MainActor (UnsafeMutableRawPointer, OpaquePointer) -> Bool

    package static let queryTooltip: GCallback = unsafeBitCast(
        { (widget: gpointer?, _: gint, _: gint, _: gboolean, tooltip: gpointer?, data: gpointer?) -> gboolean in
            nonisolated(unsafe) let widget = widget, tooltip = tooltip
            let handler = HandlerBox<Tooltip>.from(data)
            return MainActor.assumeIsolated { handler(widget!, OpaquePointer(tooltip!)) } ? 1 : 0
        } as @convention(c) (gpointer?, gint, gint, gboolean, gpointer?, gpointer?) -> gboolean, to: GCallback.self)
}
