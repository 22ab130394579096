import Foundation
import Gtk
import StoreSearchCore

/// The top of the app: starts the GTK application with the parsed command line. One instance runs
/// per user session: a second launch hands its command line to the first (which raises its window
/// and runs the `--search` it was given) and exits.
extension StoreSearchApp {
    /// Runs until the window closes. `arguments` are the validated command line (forwarded to a
    /// running instance); `onWindowOpened` lets UI tests drive the window.
    public static func run(
        _ options: LaunchOptions, arguments: [String] = ["storesearch"], paths: AppPaths = AppPaths(),
        locale: UserLocale = .current, resources: ResourceLocator? = ResourceLocator.locate(),
        applicationID: String = applicationID,
        onWindowOpened: ((MainWindow) -> Void)? = nil
    ) -> Int32 {
        guard let resources else {
            let message = localized("cannot find the app's Resources and data folders; set STORESEARCH_RESOURCES")
            FileHandle.standardError.write(Data("storesearch: \(message)\n".utf8))
            return 1
        }
        LogDomain.installCoreHandler()
        let application = makeApplication(id: applicationID, handlesCommandLine: true)
        // Opened now: the switch to watch prices in the background is read before any window.
        let settings = StoreRegionSetting.openSettings(resources: resources)
        let session = AppSession(application: application, settings: settings) {
            DesktopIntegration.prepare(resources: resources)
            return AppEnvironment(
                options: options, paths: paths, resources: resources, userLocale: locale, settings: settings)
        }
        session.onWindowOpened = onWindowOpened
        // Started by D-Bus for the Shell's overview (`--gapplication-service`), the app has no
        // window and quits once nothing has used it for this long, unless it watches prices in
        // the background (it holds itself then). (Set always, it would also keep a closed
        // window's process for that long.)
        if options.isService { application.setInactivityTimeout(10_000) }
        let status = application.run(arguments: arguments)
        withExtendedLifetime(session) {}
        return SelfCheck.failed ? 1 : status
    }
}
