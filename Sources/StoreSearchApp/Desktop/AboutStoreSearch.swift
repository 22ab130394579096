import Adw
import Gtk
import StoreSearchCore

/// The About window's contents (version, license, links, credits).
@MainActor
enum AboutStoreSearch {
    static let website = "https://github.com/storesearch/StoreSearch"

    static func window(parent: Window) -> AboutWindow {
        AboutWindow(
            details: AboutWindow.Details(
                applicationName: "StoreSearch",
                iconName: StoreSearchApp.applicationID,
                version: StoreSearchApp.version,
                developerName: localized("The StoreSearch authors"),
                website: website,
                issueURL: website + "/issues",
                developers: [localized("The StoreSearch authors")],
                copyright: localized("© 2026 The StoreSearch authors"),
                license: .mit), parent: parent)
    }
}
