import Foundation
import Gtk

/// What one run of the app holds: the environment (made on first use), the window (opened on
/// first use: the Shell's search provider works without one), the search provider, the price
/// watch (one per process, shared with the window), the switch that keeps it running in the
/// background, the application's actions, and the signals that end a session. It answers the
/// application's signals.
@MainActor
final class AppSession {
    private static let sessionEndSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    private let application: Application
    private let makeEnvironment: () -> AppEnvironment
    private var environment: AppEnvironment?
    private var window: MainWindow?
    private var provider: SearchProvider?
    private var priceCheck: PriceCheckBusObject?
    private var signals: UnixSignals?
    private var prices: PriceWatchService?
    private let background: BackgroundWatch
    /// The application is held for the background watch (the switch is on).
    private var isHeld = false
    /// Lets UI tests drive the window once it opens.
    var onWindowOpened: ((MainWindow) -> Void)?

    init(application: Application, settings: Settings?, makeEnvironment: @escaping () -> AppEnvironment) {
        self.application = application
        self.makeEnvironment = makeEnvironment
        background = BackgroundWatch(application: application, settings: settings)
        connect()
        ApplicationActions.add(to: application) { [weak self] in
            self?.window
        } showWindow: { [weak self] work in
            self?.showWindow(work)
        }
        background.changed.subscribe { [weak self] on in self?.runInBackground(on) }
    }

    private func sharedPrices() -> PriceWatchService {
        if let prices { return prices }
        let made = MainWindow.makePriceWatch(application: application, environment: sharedEnvironment())
        prices = made
        return made
    }

    /// The switch is on (at startup, or flipped): the application holds itself, so closing the
    /// window leaves it running, and the price watch starts once the items are read. Off: it is
    /// let go, and ends with its last window (at once if none is open).
    private func runInBackground(_ on: Bool) {
        guard on != isHeld else { return }
        isHeld = on
        guard on else {
            prices?.outlivesWindow = false
            if window == nil { prices?.stop() }
            application.release()
            return
        }
        application.hold()
        watchSessionEnd()
        let prices = sharedPrices()
        prices.outlivesWindow = true
        let items = sharedEnvironment().items
        items.retakeLock()  // turned on after a window closed and let the folder go
        if items.isLoaded { prices.start() } else { items.loaded.subscribe { [weak prices] in prices?.start() } }
    }

    /// Logout and `kill` end the process without closing the window: it saves first.
    private func watchSessionEnd() {
        guard signals == nil else { return }
        signals = UnixSignals(Self.sessionEndSignals) { [weak self] _ in
            self?.window?.saveBeforeExit()
            self?.application.quit()
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
        let opened = MainWindow(application: application, environment: sharedEnvironment(), prices: sharedPrices())
        window = opened
        // Closed while the service runs on: the next activation opens a new window.
        opened.closed.subscribe { [weak self, weak opened] in
            if self?.window === opened { self?.window = nil }
        }
        watchSessionEnd()
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
        // Every caller is a user's action in the Shell (a pick, a notification's click).
        main.window.presentForUserAction(time: time ?? 0)
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
        application.onDBusRegister { [weak self] connection in
            guard let self else { return }
            self.exportSearchProvider(on: connection)
            self.priceCheck = PriceCheckBusObject(connection: connection, application: self.application) {
                [unowned self] in self.sharedPrices()
            }
        }
        application.onDBusUnregister { [weak self] in
            self?.provider?.unexport()
            self?.provider = nil
            self?.priceCheck?.unexport()
            self?.priceCheck = nil
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
        // Only the primary instance starts up: a second launch never watches prices.
        application.onStartup { [weak self] in
            guard let self, self.background.isOn else { return }
            self.background.refreshEntry()
            self.runInBackground(true)
        }
        application.onShutdown { [weak self] in
            self?.window?.saveBeforeExit()
            self?.saveWithoutWindow()
            self?.signals?.cancel()
            self?.prices?.stop()
            self?.environment?.shutdown()
        }
    }

    /// What the background watch changed with no window open is saved at the end.
    private func saveWithoutWindow() {
        guard window == nil, let items = environment?.items, items.isLoaded else { return }
        do { try items.saveNow() } catch { Log.warning(LogDomain.app, "Changes not saved at exit: \(error.message)") }
    }

    private func exportSearchProvider(on connection: OpaquePointer) {
        let search = SearchProvider(connection: connection, application: application) { [unowned self] in
            let environment = self.sharedEnvironment()
            return SearchProvider.Services(
                items: environment.items, search: environment.search, storeRegion: environment.storeRegion,
                locale: environment.locale, artworkCacheDirectory: environment.paths.artworkCacheDirectory)
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
