import Foundation

/// Finds the app's files from where its binary is, never from where it was built (the `.ui` and
/// CSS files are compiled into the binary: see `AppResources`):
/// - installed: `<prefix>/bin/storesearch` with `<prefix>/share/storesearch/data`,
///   translations in `<prefix>/share/locale`, the settings schema in
///   `<prefix>/share/glib-2.0/schemas` and icons in `<prefix>/share/icons`;
/// - a source tree: the nearest ancestor of the binary holding `data/catalog.json`
///   (`.build/debug/storesearch`, the tests), with translations and the schema compiled by
///   `make` into `.build/locale` and `.build/schemas`;
/// - `$STORESEARCH_RESOURCES`: a folder laid out like a source tree, tried first.
public struct ResourceLocator: Sendable {
    /// The folder holding `data/`.
    public let root: URL
    /// `<lang>/LC_MESSAGES/storesearch.mo` files.
    public let localeDirectory: URL
    /// A folder with a compiled `gschemas.compiled` holding the app's schema.
    public let schemaDirectory: URL
    /// A folder the icon theme searches (it holds `hicolor/…/apps/<app id>.svg`).
    public let iconDirectory: URL

    public var data: URL { root.appending(path: "data") }

    /// A source tree or a folder laid out like one.
    public init(root: URL) {
        self.root = root
        localeDirectory = root.appending(path: ".build/locale")
        schemaDirectory = root.appending(path: ".build/schemas")
        iconDirectory = root.appending(path: "Resources/icons")
    }

    /// An installation under `prefix` (`/usr`, `/usr/local`, a staging folder).
    public init(prefix: URL) {
        let share = prefix.appending(path: "share")
        root = share.appending(path: "storesearch")
        localeDirectory = share.appending(path: "locale")
        schemaDirectory = share.appending(path: "glib-2.0/schemas")
        iconDirectory = share.appending(path: "icons")
    }

    /// The running binary's own path: argv[0] is only a name when launched through `PATH`
    /// (as the desktop's launcher does), so the kernel's link is read instead.
    public static var executable: URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    }

    public static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = ResourceLocator.executable
    ) -> ResourceLocator? {
        var candidates: [ResourceLocator] = []
        if let override = environment["STORESEARCH_RESOURCES"], !override.isEmpty {
            candidates.append(ResourceLocator(root: URL(fileURLWithPath: override)))
        }
        let binDirectory = executable.standardizedFileURL.deletingLastPathComponent()
        candidates.append(ResourceLocator(prefix: binDirectory.deletingLastPathComponent()))
        var directory = binDirectory
        while directory.path != "/" {
            candidates.append(ResourceLocator(root: directory))
            directory.deleteLastPathComponent()
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.data.appending(path: "catalog.json").path) }
    }
}
