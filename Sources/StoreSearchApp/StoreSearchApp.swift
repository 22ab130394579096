import Foundation
import Gtk
import StoreSearchCore

/// Starts the GTK application with the parsed command line.
@MainActor
public enum StoreSearchApp {
    public nonisolated static let version = "0.1.0"
    public static let applicationID = "io.github.storesearch.StoreSearch"

    /// Runs until the window closes. `onWindowOpened` lets UI tests drive the window.
    public static func run(_ options: LaunchOptions, paths: AppPaths = AppPaths(), locale: UserLocale = .current,
                           onWindowOpened: ((MainWindow) -> Void)? = nil) -> Int32 {
        guard let resources = ResourceLocator.locate() else {
            let message = localized("cannot find the app's Resources and data folders; set STORESEARCH_RESOURCES")
            FileHandle.standardError.write(Data("storesearch: \(message)\n".utf8))
            return 1
        }
        let application = Application(id: applicationID)
        var window: MainWindow?
        var environment: AppEnvironment?
        application.onActivate {
            if let window { return window.present() }
            DesktopIntegration.prepare(resources: resources)
            let env = AppEnvironment(options: options, paths: paths, resources: resources, userLocale: locale,
                                     settings: StoreRegionSetting.openSettings(resources: resources))
            environment = env
            let opened = MainWindow(application: application, environment: env)
            window = opened
            opened.present()
            onWindowOpened?(opened)
            SelfCheck.startIfRequested(opened, environment: env)
        }
        application.onShutdown { environment?.shutdown() }
        let status = application.run(programName: "storesearch")
        return SelfCheck.failed ? 1 : status
    }
}
