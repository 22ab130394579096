import CGtk

/// One C entry point per signal signature. Each enters the main actor (GTK emits signals on
/// the main thread) and calls the boxed Swift closure.
@MainActor
enum SignalThunks {
    typealias Plain = @MainActor () -> Void
    typealias Returning = @MainActor () -> Bool
    typealias WithPointer = @MainActor (gpointer?) -> Void
    typealias WithUInt = @MainActor (guint) -> Void
    typealias WithInt = @MainActor (gint) -> Void
    typealias Key = @MainActor (guint, GdkModifierType) -> Bool
    typealias CommandLine = @MainActor (ApplicationCommandLine) -> Int32

    static let plain: GCallback = unsafeBitCast(
        { (_: gpointer?, data: gpointer?) in
            let handler = HandlerBox<Plain>.from(data)
            MainActor.assumeIsolated { handler() }
        } as @convention(c) (gpointer?, gpointer?) -> Void, to: GCallback.self)

    static let returning: GCallback = unsafeBitCast(
        { (_: gpointer?, data: gpointer?) -> gboolean in
            let handler = HandlerBox<Returning>.from(data)
            return MainActor.assumeIsolated { handler() } ? 1 : 0
        } as @convention(c) (gpointer?, gpointer?) -> gboolean, to: GCallback.self)

    static let pointer: GCallback = unsafeBitCast(
        { (_: gpointer?, argument: gpointer?, data: gpointer?) in
            nonisolated(unsafe) let argument = argument
            let handler = HandlerBox<WithPointer>.from(data)
            MainActor.assumeIsolated { handler(argument) }
        } as @convention(c) (gpointer?, gpointer?, gpointer?) -> Void, to: GCallback.self)

    static let uint: GCallback = unsafeBitCast(
        { (_: gpointer?, value: guint, data: gpointer?) in
            let handler = HandlerBox<WithUInt>.from(data)
            MainActor.assumeIsolated { handler(value) }
        } as @convention(c) (gpointer?, guint, gpointer?) -> Void, to: GCallback.self)

    static let int: GCallback = unsafeBitCast(
        { (_: gpointer?, value: gint, data: gpointer?) in
            let handler = HandlerBox<WithInt>.from(data)
            MainActor.assumeIsolated { handler(value) }
        } as @convention(c) (gpointer?, gint, gpointer?) -> Void, to: GCallback.self)

    static let key: GCallback = unsafeBitCast(
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

    /// GtkGestureClick's pressed (n_press, x, y), for handlers that only need to know it happened.
    static let press: GCallback = unsafeBitCast(
        { (_: gpointer?, _: gint, _: gdouble, _: gdouble, data: gpointer?) in
            let handler = HandlerBox<Plain>.from(data)
            MainActor.assumeIsolated { handler() }
        } as @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void, to: GCallback.self)
}
