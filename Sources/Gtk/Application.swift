import CGtk

/// A GtkApplication: one instance per app id in a user session (the D-Bus name is the lock; with
/// no session bus every launch runs on its own), with its signals as closures.
@MainActor
public final class Application: Object {
    public required init(retaining pointer: UnsafeMutableRawPointer) { super.init(retaining: pointer) }

    public var application: UnsafeMutablePointer<GtkApplication> { cast() }

    /// With `handlesCommandLine`, a second launch sends its arguments to the running instance's
    /// `onCommandLine` and exits; otherwise it only activates the running instance.
    public init(id: String, handlesCommandLine: Bool = false) {
        MainLoopBridge.install()
        super.init(
            taking: gtk_application_new(
                id, handlesCommandLine ? G_APPLICATION_HANDLES_COMMAND_LINE : G_APPLICATION_DEFAULT_FLAGS))
    }

    /// A launch's command line, this process's own or a second launch's; returns its exit status.
    public func onCommandLine(_ handler: @escaping @MainActor (ApplicationCommandLine) -> Int32) {
        connect("command-line", thunk: SignalThunks.commandLine, handler: handler)
    }

    /// Whether this process forwards to an instance already running (after registration).
    public var isRemote: Bool { g_application_get_is_remote(cast(GApplication.self)) != 0 }

    /// Keeps the application running with no window (a UI test's window, a pending save).
    public func hold() { g_application_hold(cast(GApplication.self)) }
    public func release() { g_application_release(cast(GApplication.self)) }

    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        connect("activate", thunk: SignalThunks.plain, handler: handler)
    }

    /// Registered as the primary instance, before any command line or activation is handled.
    public func onStartup(_ handler: @escaping @MainActor () -> Void) {
        connect("startup", thunk: SignalThunks.plain, handler: handler)
    }

    /// The session bus connection the application registered on (nil without a session bus).
    public var dbusConnection: OpaquePointer? { g_application_get_dbus_connection(cast(GApplication.self)) }

    /// With nothing holding it (no window, no call in progress), the application quits after
    /// this long: a D-Bus-activated service that only answered a call.
    public func setInactivityTimeout(_ milliseconds: Int) {
        g_application_set_inactivity_timeout(cast(GApplication.self), guint(milliseconds))
    }

    public func onShutdown(_ handler: @escaping @MainActor () -> Void) {
        connect("shutdown", thunk: SignalThunks.plain, handler: handler)
    }

    /// Runs the main loop until the last window closes. `arguments` starts with the program name;
    /// a second launch forwards them to the first (the caller has already validated them).
    public func run(arguments: [String]) -> Int32 {
        let copies = arguments.map { g_strdup($0) }
        defer { copies.forEach { g_free($0) } }
        var argv = copies + [nil]
        return g_application_run(cast(GApplication.self), gint(arguments.count), &argv)
    }

    /// Registers (runs startup) without entering the main loop, so windows can be added while
    /// the caller turns the loop itself, as UI tests do.
    public func register() -> Bool {
        g_application_register(cast(GApplication.self), nil, nil) != 0
    }

    public func quit() { g_application_quit(cast(GApplication.self)) }

    /// Adds (or replaces) an application action "app.NAME".
    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = Action(name: name, handler: handler)
        g_action_map_add_action(OpaquePointer(gobject), OpaquePointer(action.gobject))
    }

    /// Binds accelerators such as "<Control>f" to an action such as "win.focus-search".
    public func setAccelerators(_ accelerators: [String], forAction action: String) {
        withCStrings(accelerators) { gtk_application_set_accels_for_action(application, action, $0) }
    }

    /// The actions (such as "win.about") an accelerator (such as "<Control>q") triggers.
    public func actions(forAccelerator accelerator: String) -> [String] {
        takingStrings(gtk_application_get_actions_for_accel(application, accelerator))
    }
}

/// The strings of a NULL-terminated array GLib handed over (transfer full), which is freed.
func takingStrings(_ array: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
    guard let array else { return [] }
    defer { g_strfreev(array) }
    var result: [String] = []
    var index = 0
    while let string = array[index] {
        result.append(String(cString: string))
        index += 1
    }
    return result
}

/// Passes a NULL-terminated C string array to `body`.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { g_strdup($0) }
    defer { copies.forEach { g_free($0) } }
    let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
