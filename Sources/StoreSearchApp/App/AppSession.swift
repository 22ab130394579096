import Foundation
import Gtk

/// What one run of the app holds: the environment (made on first use), the window (opened on
/// first use: the Shell's search provider works without one), the search provider, the
/// application's actions, and the signals that end a session. It answers the application's signals.
@MainActor
final class AppSession {
    private static let sessionEndSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    private let application: Application
    private let makeEnvironment: () -> AppEnvironment
    private var environment: AppEnvironment?
    private var window: MainWindow?
    private var provider: SearchProvider?
    private var signals: UnixSignals?
    /// Lets UI tests drive the window once it opens.
    var onWindowOpened: ((MainWindow) -> Void)?

    init(application: Application, makeEnvironment: @escaping () -> AppEnvironment) {
        self.application = application
        self.makeEnvironment = makeEnvironment
        connect()
        ApplicationActions.add(to: application) { [weak self] in
            self?.window
        } showWindow: { [weak self] work in
            self?.showWindow(work)
        }
    }

    private func sharedEnvironment() -> AppEnvironment {
        if let environment { return environment }
        let made = makeEnvironment()
        environment = made
        return made
    }

    private func openWindow() -> MainWindow {
        if let window { return window }
        let opened = MainWindow(application: application, environment: sharedEnvironment())
        window = opened
        // Logout and `kill` end the process without closing the window: save first.
        signals = UnixSignals(Self.sessionEndSignals) { [weak self] _ in
            self?.window?.saveBeforeExit()
            self?.application.quit()
        }
        opened.present()
        onWindowOpened?(opened)
        SelfCheck.startIfRequested(opened, environment: sharedEnvironment())
        return opened
    }

    /// Opens the window (or takes the open one), runs `work` on it and brings it forward, at
    /// `time` when a user's action at that time asked for it. The application is held until the
    /// window is on screen: D-Bus may have started it for this one call.
    private func showWindow(time: UInt32? = nil, _ work: (MainWindow) -> Void) {
        application.hold()
        let main = openWindow()
        work(main)
        // The focus stays where `work` put it (a newly opened window's is in the search field).
        if let time { main.window.present(time: time) } else { main.window.present() }
        var released = false
        let release = { [application] in
            if !released { application.release() }
            released = true
        }
        // A window closed before it ever showed has no frame: the timer releases then.
        let fallback = MainContext.after(.seconds(10)) { release() }
        main.window.onEachFrame {
            fallback.cancel()
            release()
            return false
        }
    }

    private func connect() {
        // GNOME Shell's search provider is exported as the application registers on the bus,
        // before it owns its name: D-Bus hands a service it started the first call at once.
        application.onDBusRegister { [weak self] connection in self?.exportSearchProvider(on: connection) }
        application.onDBusUnregister { [weak self] in
            self?.provider?.unexport()
            self?.provider = nil
        }
        // A D-Bus activation (the launcher of a DBusActivatable desktop entry, `gapplication
        // launch`) opens the window or brings it forward.
        application.onActivate { [weak self] in self?.openWindow().present() }
        application.onCommandLine { [weak self] commandLine in
            guard let self else { return 1 }
            if let window = self.window {
                if commandLine.isRemote { window.handleSecondLaunch(commandLine) }
                window.present()
            } else {
                _ = self.openWindow()
            }
            return 0
        }
        application.onShutdown { [weak self] in
            self?.window?.saveBeforeExit()
            self?.signals?.cancel()
            self?.environment?.shutdown()
        }
    }

    private func exportSearchProvider(on connection: OpaquePointer) {
        let search = SearchProvider(connection: connection, application: application) { [unowned self] in
            self.sharedEnvironment()
        }
        search.resultActivated.subscribe { [weak self] pick, time in
            self?.showWindow(time: time) { main in
                switch pick {
                case .result(let result, let isMine): main.showFromOverview(result, isMine: isMine)
                case .storeItem(let id): main.showFromOverview(storeItemID: id)
                }
            }
        }
        search.searchLaunched.subscribe { [weak self] term, time in
            self?.showWindow(time: time) { $0.searchFromOverview(term) }
        }
        provider = search
    }
}
