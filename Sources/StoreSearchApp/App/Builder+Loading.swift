import CompiledResources
import Gtk

/// The app's `.ui` and CSS files, compiled into the binary as a GResource (Resources/*.ui and
/// *.css, by Plugins/GResource at build time): nothing is looked up on disk at run time.
@MainActor
enum AppResources {
    /// The resource folder of the files.
    static let folder = "/io/github/storesearch/StoreSearch/ui/"
    private static let registered: Void = CompiledResources.register()

    /// The resource path of `name` (`main-window.ui`), registering the resource on first use.
    static func path(_ name: String) -> String {
        _ = registered
        return folder + name
    }

    /// Applies style.css to the display.
    static func loadStyleSheet() {
        StyleSheet.load(resource: path("style.css"))
    }
}

extension Builder {
    /// The app's own `.ui` file `name` from the compiled-in resource. Every one is loaded by the
    /// tests (GResourceTests), so failing here means a broken build: there is nothing to fall back to.
    static func loading(_ name: String) -> Builder {
        do {
            return try Builder(resource: AppResources.path(name))
        } catch {
            fatalError("\(name): \(error)")
        }
    }
}
