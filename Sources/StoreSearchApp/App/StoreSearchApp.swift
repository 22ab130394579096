import Adw
import Foundation
import Gtk
import StoreSearchCore

/// Starts the GTK application with the parsed command line. One instance runs per user session:
/// a second launch hands its command line to the first (which raises its window and runs the
/// `--search` it was given) and exits.
@MainActor
public enum StoreSearchApp {
    public nonisolated static let version = "0.1.0"
    public static let applicationID = "io.github.storesearch.StoreSearch"
    private static let sessionEndSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// A libadwaita application (styles, dark mode, named colors) under `id`; see
    /// `Application.init(id:handlesCommandLine:)`.
    public static func makeApplication(id: String, handlesCommandLine: Bool = false) -> Application {
        Adwaita.application(id: id, handlesCommandLine: handlesCommandLine)
    }

    /// Runs until the window closes. `arguments` are the validated command line (forwarded to a
    /// running instance); `onWindowOpened` lets UI tests drive the window.
    public static func run(_ options: LaunchOptions, arguments: [String] = ["storesearch"], paths: AppPaths = AppPaths(),
                           locale: UserLocale = .current, resources: ResourceLocator? = ResourceLocator.locate(),
                           applicationID: String = applicationID,
                           onWindowOpened: ((MainWindow) -> Void)? = nil) -> Int32 {
        guard let resources else {
            let message = localized("cannot find the app's Resources and data folders; set STORESEARCH_RESOURCES")
            FileHandle.standardError.write(Data("storesearch: \(message)\n".utf8))
            return 1
        }
        LogDomain.installCoreHandler()
        let application = makeApplication(id: applicationID, handlesCommandLine: true)
        var window: MainWindow?
        var environment: AppEnvironment?
        var provider: SearchProvider?
        var signals: UnixSignals?
        func sharedEnvironment() -> AppEnvironment {
            if let environment { return environment }
            DesktopIntegration.prepare(resources: resources)
            let made = AppEnvironment(options: options, paths: paths, resources: resources, userLocale: locale,
                                      settings: StoreRegionSetting.openSettings(resources: resources))
            environment = made
            return made
        }
        func openWindow() -> MainWindow {
            if let window { return window }
            let opened = MainWindow(application: application, environment: sharedEnvironment())
            window = opened
            // Logout and `kill` end the process without closing the window: save first.
            signals = UnixSignals(sessionEndSignals) { _ in
                window?.saveBeforeExit()
                application.quit()
            }
            opened.present()
            onWindowOpened?(opened)
            SelfCheck.startIfRequested(opened, environment: sharedEnvironment())
            return opened
        }
        // Started by D-Bus for the Shell's overview (`--gapplication-service`), the app has no
        // window and quits once nothing has used it for this long. (Set always, it would also
        // keep a closed window's process for that long.)
        if options.isService { application.setInactivityTimeout(10_000) }
        // GNOME Shell's search provider is exported as the application registers on the bus,
        // before it owns its name: D-Bus hands a service it started the first call at once.
        application.onDBusRegister { connection in
            let search = SearchProvider(connection: connection, application: application, environment: sharedEnvironment)
            search.resultActivated.subscribe { result, isMine in
                let opened = openWindow()
                opened.showFromOverview(result, isMine: isMine)
                opened.present()
            }
            search.searchLaunched.subscribe { term in
                let opened = openWindow()
                opened.searchFromOverview(term)
                opened.present()
            }
            provider = search
        }
        application.onDBusUnregister {
            provider?.unexport()
            provider = nil
        }
        // A D-Bus activation (the launcher of a DBusActivatable desktop entry, `gapplication
        // launch`) opens the window or brings it forward.
        application.onActivate { openWindow().present() }
        application.onCommandLine { commandLine in
            if let window {
                if commandLine.isRemote { window.handleSecondLaunch(commandLine) }
                window.present()
                return 0
            }
            _ = openWindow()
            return 0
        }
        application.onShutdown {
            window?.saveBeforeExit()
            signals?.cancel()
            environment?.shutdown()
        }
        let status = application.run(arguments: arguments)
        withExtendedLifetime(provider) {}
        return SelfCheck.failed ? 1 : status
    }
}
