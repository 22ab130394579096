import Foundation
import Gtk

/// Inside a Flatpak sandbox the app cannot write the host's autostart folder: it asks the
/// Background portal (`org.freedesktop.portal.Background.RequestBackground`) instead, which asks
/// the user once and writes (or, with `autostart` false, removes) the host's entry itself.
/// Not run by the tests: they have no portal and no sandbox.
@MainActor
enum BackgroundPortal {
    static let destination = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Background"

    /// Whether this process runs in a Flatpak sandbox.
    static var isSandboxed: Bool { FileManager.default.fileExists(atPath: "/.flatpak-info") }

    /// Asks for autostart with `commandLine` (the program inside the sandbox and its arguments),
    /// or for none. The portal answers on a Request object; the outcome is only logged (a refusal
    /// leaves the switch on: the app still watches while it runs).
    static func request(autostart: Bool, commandLine: [String], reason: String, connection: OpaquePointer?) {
        guard let connection else {
            return Log.message(LogDomain.app, "No session bus: the Background portal cannot be asked for autostart")
        }
        let options: [(String, Variant)] = [
            ("reason", .string(reason)),
            ("autostart", .bool(autostart)),
            ("commandline", .strings(commandLine)),
            ("dbus-activatable", .bool(false)),
        ]
        DBusMethod.call(
            connection: connection, destination: destination, path: path, interface: interface,
            method: "RequestBackground", arguments: [.string(""), .dictionary(options)]
        ) { result in
            switch result {
            case .success(let reply):
                Log.message(LogDomain.app, "Asked the Background portal for autostart \(autostart): \(reply.string(0))")
            case .failure(let error):
                Log.message(LogDomain.app, "The Background portal could not be asked for autostart: \(error.message)")
            }
        }
    }
}
