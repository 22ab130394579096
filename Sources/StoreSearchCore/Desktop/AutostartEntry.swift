import Foundation

/// The XDG autostart entry that starts StoreSearch's price watch at login with no window
/// (`storesearch --gapplication-service`, as GNOME Software starts its update check):
/// `$XDG_CONFIG_HOME/autostart/io.github.storesearch.StoreSearch.desktop`.
public enum AutostartEntry {
    public static let fileName = "io.github.storesearch.StoreSearch.desktop"
    /// Seconds after login: the session's own services and the network come first.
    public static let delaySeconds = 60

    /// `$XDG_CONFIG_HOME/autostart` (default `~/.config/autostart`).
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appending(path: "autostart")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appending(path: ".config/autostart")
    }

    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        directory(environment: environment).appending(path: fileName)
    }

    /// The command that starts the service: the program, then `--gapplication-service`.
    public static func commandLine(executable: String) -> [String] { [executable, "--gapplication-service"] }

    /// The entry's text, starting `executable` (an absolute path); `comment` in the user's language.
    public static func text(executable: String, comment: String) -> String {
        let exec = commandLine(executable: executable).map(quotedArgument).joined(separator: " ")
        return """
            [Desktop Entry]
            Type=Application
            Name=StoreSearch
            Comment=\(escapedValue(comment))
            Exec=\(escapedValue(exec))
            Icon=io.github.storesearch.StoreSearch
            Terminal=false
            NoDisplay=true
            X-GNOME-Autostart-enabled=true
            X-GNOME-Autostart-Delay=\(delaySeconds)

            """
    }

    /// An Exec argument, quoted when it holds a reserved character (Desktop Entry Specification,
    /// "The Exec key"); a field code's `%` is doubled.
    static func quotedArgument(_ argument: String) -> String {
        let reserved = Set(" \t\n\"'\\><~|&;$*?#()`")
        let plain = argument.replacingOccurrences(of: "%", with: "%%")
        guard plain.contains(where: reserved.contains) || plain.isEmpty else { return plain }
        var quoted = "\""
        for character in plain {
            if "\"`$\\".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// A string value as a key file writes it: backslashes and line breaks escaped.
    static func escapedValue(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\r", with: "\\r")
    }
}
