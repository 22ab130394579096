import CGtk

/// Initializes GTK once for the test process (needs a display: tests run under Xvfb).
@MainActor
enum GtkTestEnvironment {
    private static var initialized: Bool?

    static func initialize() -> Bool {
        if let initialized { return initialized }
        let result = gtk_init_check() != 0
        initialized = result
        return result
    }
}
