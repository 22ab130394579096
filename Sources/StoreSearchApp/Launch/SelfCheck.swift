import Foundation
import Gtk

/// `STORESEARCH_SELF_CHECK=1` (the installed-copy test, scripts/test-installed.sh): once the
/// window is open, wait up to 60 s until it shows artwork — at least
/// `STORESEARCH_SELF_CHECK_ARTWORK` (default 3) decoded images on screen — then print what a
/// user would check (title, icon, where files came from, store region, artwork) and close the
/// window. `run` then returns 1 if the artwork never showed.
@MainActor
enum SelfCheck {
    private(set) static var failed = false
    private static var timer: Gtk.Timer?

    static func startIfRequested(_ main: MainWindow, environment: AppEnvironment) {
        let variables = ProcessInfo.processInfo.environment
        guard variables["STORESEARCH_SELF_CHECK"] == "1" else { return }
        let wanted = Int(variables["STORESEARCH_SELF_CHECK_ARTWORK"] ?? "") ?? 3
        let deadline = ContinuousClock.now + .seconds(60)
        timer = MainContext.every(.milliseconds(100)) {
            let shown = main.window.mappedTextureCount
            let done = shown >= wanted
            guard done || ContinuousClock.now > deadline else { return true }
            let icon = Window.defaultIconName ?? "none"
            FileHandle.standardOutput.write(
                Data(
                    """
                    window: \(main.window.title)
                    icon: \(icon) \(IconTheme.hasIcon(icon) ? "found" : "missing")
                    resources: \(environment.resources.root.path)
                    translations: \(environment.resources.localeDirectory.path)
                    query: country=\(environment.storeRegion.country)&lang=\(environment.userLocale.apiLanguage)
                    categories: \(main.search.ui.categoryDropdown.items.joined(separator: ", "))
                    artwork: \(shown)

                    """.utf8))
            failed = !done
            main.window.close()
            return false
        }
    }
}
