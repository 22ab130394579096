import Foundation

/// Where Core reports failures it handles itself (a damaged field left out, a backup it could
/// not keep). Core has no GLib: the app installs a handler that writes them to GLib's log with
/// its domains, so they reach the journal with the rest. Until then nothing is written.
public enum CoreLog {
    public enum Level: Sendable { case warning, message }

    /// Set once at start, before any item file is read (the app's `main`).
    nonisolated(unsafe) public static var handler: (@Sendable (_ level: Level, _ area: String, _ text: String) -> Void)?

    static func warning(_ area: String, _ text: String) { handler?(.warning, area, text) }
}
