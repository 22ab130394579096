import Foundation

/// Where StoreSearch keeps user data and caches (XDG base directories).
public struct AppPaths: Sendable {
    public let dataDirectory: URL
    public let cacheDirectory: URL

    public init(dataDirectory: URL, cacheDirectory: URL) {
        self.dataDirectory = dataDirectory
        self.cacheDirectory = cacheDirectory
    }

    /// `$XDG_DATA_HOME/storesearch` (default `~/.local/share/storesearch`) and
    /// `$XDG_CACHE_HOME/storesearch` (default `~/.cache/storesearch`).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
        func base(_ variable: String, _ fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return home.appending(path: fallback)
        }
        dataDirectory = base("XDG_DATA_HOME", ".local/share").appending(path: "storesearch")
        cacheDirectory = base("XDG_CACHE_HOME", ".cache").appending(path: "storesearch")
    }

    public var artworkCacheDirectory: URL { cacheDirectory.appending(path: "artwork") }
}
