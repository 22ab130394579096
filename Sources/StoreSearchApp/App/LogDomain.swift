import Foundation
import Gtk
import StoreSearchCore

/// GLib log domains of the app's messages (`G_MESSAGES_DEBUG=StoreSearch-Artwork` shows one).
enum LogDomain {
    static let app = "StoreSearch"
    static let artwork = "StoreSearch-Artwork"
    static let catalog = "StoreSearch-Catalog"
    static let explore = "StoreSearch-Explore"

    /// Core's reports go to GLib's log as "StoreSearch-AREA" (for example StoreSearch-Items).
    static func installCoreHandler() {
        CoreLog.handler = { level, area, text in
            let domain = "\(app)-\(area)"  // GLib's log is thread-safe: Core may report from any thread
            switch level {
            case .warning: Log.warning(domain, text)
            case .message: Log.message(domain, text)
            }
        }
    }
}
