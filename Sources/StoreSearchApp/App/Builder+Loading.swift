import Foundation
import Gtk

extension Builder {
    /// The app's own `.ui` file at `url`. It ships with the binary and every one is loaded by
    /// the tests, so failing here means a broken installation: there is nothing to fall back to.
    static func loading(_ url: URL) -> Builder {
        do {
            return try Builder(file: url.path)
        } catch {
            fatalError("\(url.lastPathComponent): \(error)")
        }
    }
}
