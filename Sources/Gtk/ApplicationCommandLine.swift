import CGtk

/// The command line of one launch, as the primary instance sees it: its own at start, or that
/// of a second launch forwarded over D-Bus (`isRemote`).
@MainActor
public final class ApplicationCommandLine: Object {
    public required init(retaining pointer: UnsafeMutableRawPointer) { super.init(retaining: pointer) }

    private var commandLine: UnsafeMutablePointer<GApplicationCommandLine> { cast() }

    /// The arguments without the program name.
    public var arguments: [String] {
        var count: gint = 0
        guard let argv = g_application_command_line_get_arguments(commandLine, &count) else { return [] }
        defer { g_strfreev(argv) }
        return (1..<max(Int(count), 1)).compactMap { argv[$0].map { String(cString: $0) } }
    }

    public var isRemote: Bool { g_application_command_line_get_is_remote(commandLine) != 0 }

    /// An environment variable of the launching process.
    public func environment(_ name: String) -> String? {
        g_application_command_line_getenv(commandLine, name).map { String(cString: $0) }
    }

    /// Prints on the launching process's standard error.
    public func printError(_ text: String) { shim_command_line_printerr(commandLine, text) }
}
