import Foundation

/// A session bus of the test's own (`dbus-daemon`), so that no other test's application owns
/// the app's names; stopped with `stop()`.
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
        address = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// A bus that starts the services whose `.service` files are in `folder` on their first call
    /// (D-Bus activation), as the user's session bus does. They inherit the daemon's environment:
    /// `environment`, with this bus as their session bus (an abstract socket: a path under the
    /// test's folder can be too long for one). Its configuration is written into `folder` too
    /// (the daemon reads only `*.service` files there).
    public init(activatingServicesIn folder: URL, environment: [String: String]) throws {
        address = "unix:abstract=storesearch-test-bus-\(UUID().uuidString)"
        let configuration = folder.appending(path: "bus.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>\(address)</listen>
          <auth>EXTERNAL</auth>
          <servicedir>\(folder.path)</servicedir>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """.write(to: configuration, atomically: true, encoding: .utf8)
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--config-file=\(configuration.path)", "--nofork", "--print-address=1"]
        daemon.environment = environment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { _, bus in bus }
        let output = Pipe()
        daemon.standardOutput = output
        try daemon.run()
        _ = output.fileHandleForReading.availableData  // it prints the address once it listens
    }

    public func stop() {
        daemon.terminate()
        daemon.waitUntilExit()
    }
}
