import Foundation
import XCTest

/// Compiles C-library locales with `localedef` into a temporary folder for `LOCPATH`, so locale
/// tests do not depend on which locales the machine has generated.
public final class PrivateLocales {
    public let directory: URL

    public init(_ names: [String]) throws {
        directory = FileManager.default.temporaryDirectory.appending(path: "storesearch-locales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in names {  // "de_DE" becomes de_DE.UTF-8
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
            process.arguments = ["-i", name, "-f", "UTF-8", directory.appending(path: "\(name).UTF-8").path]
            try process.run()
            process.waitUntilExit()
            // localedef exits 1 for warnings only; the folder is what counts.
            guard FileManager.default.fileExists(atPath: directory.appending(path: "\(name).UTF-8/LC_MESSAGES").path)
            else {
                try? FileManager.default.removeItem(at: directory)  // make test fails on leftovers
                throw XCTSkip("localedef could not build \(name) (is the locales package installed?)")
            }
        }
    }

    public func remove() { try? FileManager.default.removeItem(at: directory) }
}
