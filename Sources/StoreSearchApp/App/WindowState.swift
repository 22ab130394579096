import Foundation
import Gtk
import StoreSearchCore

/// The window's size, maximized state, list/grid choice and result order, kept in GSettings
/// (schema io.github.storesearch.StoreSearch). Without the schema (an uninstalled build run
/// outside `make run`), the window opens at its default size and remembers nothing.
@MainActor
final class WindowState {
    enum ViewMode: String, CaseIterable { case list, grid }

    static let schemaID = "io.github.storesearch.StoreSearch"
    private let settings: Settings?

    /// The app's settings (found beside an installed binary too), or, with `backend`, a copy of
    /// the schema kept in memory (tests).
    init(settings appSettings: Settings?, backend: Settings.MemoryBackend? = nil) {
        settings = backend.map { Settings(schemaID: Self.schemaID, backend: $0) } ?? appSettings
        if settings == nil {
            Log.message(
                LogDomain.app,
                "settings schema \(Self.schemaID) not found (set GSETTINGS_SCHEMA_DIR); window state is not remembered")
        }
    }

    /// For tests and the bench. Whether the settings schema was found.
    package var isRemembering: Bool { settings != nil }

    var viewMode: ViewMode {
        get { settings.flatMap { ViewMode(rawValue: $0.string("view-mode")) } ?? .list }
        set { settings?.setString("view-mode", newValue.rawValue) }
    }

    var resultOrder: ResultOrder {
        get { settings.flatMap { ResultOrder(rawValue: $0.string("result-order")) } ?? .bestMatch }
        set { settings?.setString("result-order", newValue.rawValue) }
    }

    var myItemsOrder: MyItemsOrder {
        get { settings.flatMap { MyItemsOrder(rawValue: $0.string("my-items-order")) } ?? .name }
        set { settings?.setString("my-items-order", newValue.rawValue) }
    }

    /// Gives `window` its remembered size (before it is shown), and remembers its size whenever it is asked to close.
    func restore(_ window: Window) {
        guard let settings else { return }
        // Connected before anything that can hold the close.
        window.onCloseRequest { [weak self, weak window] in
            if let window { self?.save(window) }
            return false
        }
        window.setDefaultSize(
            width: max(360, settings.int("window-width")), height: max(400, settings.int("window-height")))
        if settings.bool("window-maximized") { window.maximize() }
    }

    /// Remembers `window`'s size as the user left it (a maximized window keeps its normal size).
    func save(_ window: Window) {
        guard let settings else { return }
        let size = window.defaultSize
        if size.width > 0, size.height > 0 {
            settings.setInt("window-width", size.width)
            settings.setInt("window-height", size.height)
        }
        settings.setBool("window-maximized", window.isMaximized)
    }
}
