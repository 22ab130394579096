import Adw
import Foundation
import Gtk
import StoreSearchCore

/// Starts the GTK application with the parsed command line.
@MainActor
public enum StoreSearchApp {
    public nonisolated static let version = "0.1.0"
    public static let applicationID = "io.github.storesearch.StoreSearch"

    /// A libadwaita application (styles, dark mode, named colors) under `id`.
    public static func makeApplication(id: String) -> Application { Adwaita.application(id: id) }

    /// Runs until the window closes. `onWindowOpened` lets UI tests drive the window.
    public static func run(_ options: LaunchOptions, paths: AppPaths = AppPaths(),
                           onWindowOpened: ((MainWindow) -> Void)? = nil) -> Int32 {
        guard let resources = ResourceLocator.locate() else {
            FileHandle.standardError.write(Data("storesearch: cannot find Resources/main-window.ui; set STORESEARCH_RESOURCES\n".utf8))
            return 1
        }
        let application = makeApplication(id: applicationID)
        var window: MainWindow?
        var environment: AppEnvironment?
        application.onActivate {
            if let window { return window.present() }
            let env = AppEnvironment(options: options, paths: paths, resources: resources)
            environment = env
            let opened = MainWindow(application: application, environment: env)
            window = opened
            opened.present()
            onWindowOpened?(opened)
        }
        application.onShutdown { environment?.shutdown() }
        return application.run(programName: "storesearch")
    }
}
