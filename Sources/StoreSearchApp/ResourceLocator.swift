import Foundation

/// Finds the app's `Resources/` and `data/` folders: `$STORESEARCH_RESOURCES` (a folder holding
/// both), else the nearest ancestor of the executable that holds them (the repository when run
/// from `.build/`, or a folder the binary was copied into together with them), else
/// `/usr/share/storesearch`.
public struct ResourceLocator: Sendable {
    public let root: URL

    public var resources: URL { root.appending(path: "Resources") }
    public var data: URL { root.appending(path: "data") }

    public init(root: URL) { self.root = root }

    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> ResourceLocator? {
        var candidates: [URL] = []
        if let override = environment["STORESEARCH_RESOURCES"] { candidates.append(URL(fileURLWithPath: override)) }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        while directory.path != "/" {
            candidates.append(directory)
            directory.deleteLastPathComponent()
        }
        candidates.append(URL(fileURLWithPath: "/usr/share/storesearch"))
        // Tests and tools built from this source tree.
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
        return candidates.lazy.map(ResourceLocator.init).first {
            FileManager.default.fileExists(atPath: $0.resources.appending(path: "main-window.ui").path)
        }
    }
}
