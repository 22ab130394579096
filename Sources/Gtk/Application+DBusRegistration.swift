import CGtk

/// GApplication's `dbus_register` and `dbus_unregister` vfuncs as Swift closures. GApplication
/// calls `dbus_register` after connecting to the session bus and before it asks for its name:
/// an object exported later (in startup or activate) misses the first call of a D-Bus-activated
/// service, which arrives as soon as the name is owned. A vfunc needs a class of its own, so an
/// application made with `init(id:handlesCommandLine:type:)` is of a small subclass of `type`
/// whose vfuncs chain up and then call the handlers kept on the instance.
extension Application {
    /// The registration's handlers, kept on the instance (qdata) for the vfuncs to find.
    private final class RegistrationHandlers {
        var register: (@MainActor (OpaquePointer) -> Void)?
        var unregister: (@MainActor () -> Void)?
    }

    private nonisolated static var handlersKey: GQuark { g_quark_from_string("swift-gtk-dbus-registration") }

    /// An application of a subclass of `type` (GtkApplication or a subclass such as
    /// AdwApplication) whose D-Bus registration `onDBusRegister` and `onDBusUnregister` follow;
    /// `handlesCommandLine` as in `init(id:handlesCommandLine:)`.
    public convenience init(id: String, handlesCommandLine: Bool = false, type: GType) {
        MainLoopBridge.install()
        let flags = handlesCommandLine ? G_APPLICATION_HANDLES_COMMAND_LINE : G_APPLICATION_DEFAULT_FLAGS
        var values = [GValue(), GValue()]
        g_value_init(&values[0], shim_string_type())
        g_value_set_string(&values[0], id)
        g_value_init(&values[1], g_application_flags_get_type())
        g_value_set_flags(&values[1], flags.rawValue)
        defer { for index in values.indices { g_value_unset(&values[index]) } }
        // As construct properties, as gtk_application_new sets them (the id decides the
        // resource base path at construction).
        let pointer = withCStrings(["application-id", "flags"]) { names in
            g_object_new_with_properties(
                Self.registeringSubclass(of: type), 2, UnsafeMutablePointer(mutating: names), values)!
        }
        self.init(retaining: pointer)
        g_object_unref(pointer)
    }

    /// Called with the session bus connection when the application registers on it as the
    /// primary instance, before it owns its bus name: export objects here. Only for an
    /// application made with `init(id:handlesCommandLine:type:)`.
    public func onDBusRegister(_ handler: @escaping @MainActor (_ connection: OpaquePointer) -> Void) {
        registrationHandlers.register = handler
    }

    /// Called when the application leaves the bus (at shutdown, or when another instance owns
    /// the name after all): unexport what `onDBusRegister` exported.
    public func onDBusUnregister(_ handler: @escaping @MainActor () -> Void) {
        registrationHandlers.unregister = handler
    }

    private var registrationHandlers: RegistrationHandlers {
        if let data = g_object_get_qdata(gobject, Self.handlersKey) {
            return Unmanaged<RegistrationHandlers>.fromOpaque(data).takeUnretainedValue()
        }
        let handlers = RegistrationHandlers()
        g_object_set_qdata_full(gobject, Self.handlersKey, Unmanaged.passRetained(handlers).toOpaque(), releaseRetained)
        return handlers
    }

    private nonisolated static func handlers(of application: UnsafeMutablePointer<GApplication>)
        -> RegistrationHandlers?
    {
        g_object_get_qdata(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GObject.self), handlersKey)
            .map { Unmanaged<RegistrationHandlers>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The subclass of `parent` (GtkApplication or a subclass such as AdwApplication) whose D-Bus
    /// vfuncs call the handlers; registered once per parent.
    static func registeringSubclass(of parent: GType) -> GType {
        let name = "SwiftGtkRegistering" + String(cString: g_type_name(parent))
        let existing = g_type_from_name(name)
        if existing != 0 { return existing }
        var query = GTypeQuery()
        g_type_query(parent, &query)
        return g_type_register_static_simple(
            parent, name, query.class_size,
            { typeClass, _ in
                let application = typeClass!.assumingMemoryBound(to: GApplicationClass.self)
                application.pointee.dbus_register = { application, connection, objectPath, error in
                    guard let application, let connection else { return 0 }
                    // The parent's registration first (GtkApplication exports its own objects there).
                    if let parent = Application.parentClass(of: application).pointee.dbus_register,
                        parent(application, connection, objectPath, error) == 0
                    {
                        return 0
                    }
                    MainActor.assumeIsolated { Application.handlers(of: application)?.register?(connection) }
                    return 1
                }
                application.pointee.dbus_unregister = { application, connection, objectPath in
                    guard let application else { return }
                    MainActor.assumeIsolated { Application.handlers(of: application)?.unregister?() }
                    Application.parentClass(of: application).pointee.dbus_unregister?(
                        application, connection, objectPath)
                }
            }, query.instance_size, nil, GTypeFlags(rawValue: 0))
    }

    /// The class the instance's own (the registering subclass) derives from.
    private nonisolated static func parentClass(of application: UnsafeMutablePointer<GApplication>)
        -> UnsafeMutablePointer<GApplicationClass>
    {
        let ownClass = UnsafeMutableRawPointer(application).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class
        return g_type_class_peek_parent(ownClass)!.assumingMemoryBound(to: GApplicationClass.self)
    }
}
