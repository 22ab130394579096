import Foundation

/// A session bus of the test's own (`dbus-daemon --session`), so that no other test's
/// application owns the app's names; stopped with `stop()`.
public final class PrivateSessionBus {
    private let daemon = Process()
    /// What `DBUS_SESSION_BUS_ADDRESS` is set to for processes that use it.
    public let address: String

    public init() throws {
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--print-address=1"]
        let output = Pipe()
        daemon.standardOutput = output
        try daemon.run()
        address = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public func stop() {
        daemon.terminate()
        daemon.waitUntilExit()
    }
}
