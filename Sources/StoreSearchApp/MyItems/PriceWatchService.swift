import Foundation
import Gtk
import StoreSearchCore

/// The one price watch of a process, shared by the window and the background service
/// (`app.watch-in-background`): it starts once the items are read (checking now, then every 6
/// hours), tries a failed check again with back-off (1 minute, doubling up to an hour) while a
/// network is there, and at once when the network comes back (GNetworkMonitor); the drops it finds
/// go to the one notification. The window cancels it when it closes, unless it outlives the
/// window (the switch is on).
@MainActor
package final class PriceWatchService {
    static let firstRetry: Duration = .seconds(60)
    static let longestRetry: Duration = .seconds(60 * 60)

    let watch: PriceWatch
    let notifier: PriceDropNotifier
    /// The user's items whose prices are watched, in the store picked (`--refresh-prices` reads them too).
    let items: Items
    let storeRegion: StoreRegionSetting
    /// How prices are written (the notification, `--refresh-prices`).
    let locale: Locale
    /// The bundled catalog does not know the user's items from the store: no check while it is on.
    private let offlineCatalog: OfflineCatalog
    private var network: NetworkChanges?
    private var retry: Gtk.Timer?
    private var nextRetry: Duration
    private let firstRetry: Duration
    /// A check is owed: the last one failed, or none could run for want of a network.
    private(set) var isOwed = false
    /// The watch keeps running when the window closes (the switch is on).
    var outlivesWindow = false
    /// Whether there is a network, as known at start and from every change since (a watch started
    /// again later, the switch turned off and on, must not take the state the process started with).
    private var isOnline: Bool
    /// Checks that were started because the network came back (tests).
    private(set) var networkRetries = 0
    /// Who waits for the check under way to end (`checkNow`): its changes, or what failed.
    private var waiting: [CheckedContinuation<Result<[String: PriceChange], PriceCheckFailure>, Never>] = []

    /// `isNetworkAvailable`: whether GIO saw a network at start; `settings`: the notification's (nil: none).
    init(
        application: Application, search: SearchService, items: Items, storeRegion: StoreRegionSetting,
        offlineCatalog: OfflineCatalog, settings: Settings?, locale: Locale, isNetworkAvailable: Bool,
        firstRetry: Duration = PriceWatchService.firstRetry
    ) {
        self.items = items
        self.storeRegion = storeRegion
        self.locale = locale
        self.offlineCatalog = offlineCatalog
        isOnline = isNetworkAvailable
        self.firstRetry = firstRetry
        nextRetry = firstRetry
        watch = PriceWatch(service: search, items: items) { [storeRegion] in storeRegion.country }
        notifier = PriceDropNotifier(application: application, settings: settings, locale: locale)
        watch.checked.subscribe { [weak self] changes in self?.checked(changes) }
        watch.failed.subscribe { [weak self] message in self?.failed(message) }
    }

    /// The items are read: checks now (or once a network is there) and every 6 hours. Later
    /// calls (a window opened on the running service) change nothing. The offline catalog does
    /// not know the user's items from the store.
    func start() {
        guard items.isLoaded, !offlineCatalog.isOn, !watch.isStarted else { return }
        if network == nil {
            network = NetworkChanges { [weak self] available in self?.networkChanged(available: available) }
        }
        let online = isOnline
        isOwed = !online
        watch.start(checkingNow: online)
    }

    /// Stops checking (the window closed, the switch off).
    func stop() {
        watch.cancel()
        resumeWaiting(.failure(PriceCheckFailure(message: localized("StoreSearch is quitting"))))
        retry?.cancel()
        retry = nil
        network = nil
        isOwed = false
        nextRetry = firstRetry
    }

    /// GNetworkMonitor's "network-changed": a check owed runs now (it says so often, for any
    /// route: nothing runs when none is owed or one is under way).
    func networkChanged(available: Bool) {
        isOnline = available
        guard available, isOwed, watch.isStarted, !watch.isChecking, !offlineCatalog.isOn else { return }
        retry?.cancel()
        retry = nil
        networkRetries += 1
        watch.check()
    }

    /// Checks now (or waits for the check under way) and returns what changed: `--refresh-prices`
    /// with the app running. The items are read first.
    func checkNow() async -> Result<[String: PriceChange], PriceCheckFailure> {
        await items.waitUntilLoaded()
        guard !offlineCatalog.isOn else {
            return .failure(PriceCheckFailure(message: localized("StoreSearch is searching its offline catalog")))
        }
        return await withCheckedContinuation { continuation in
            waiting.append(continuation)
            if !watch.isChecking { watch.check() }
        }
    }

    private func resumeWaiting(_ result: Result<[String: PriceChange], PriceCheckFailure>) {
        let waiting = waiting
        self.waiting = []
        waiting.forEach { $0.resume(returning: result) }
    }

    private func checked(_ changes: [String: PriceChange]) {
        resumeWaiting(.success(changes))
        isOwed = false
        nextRetry = firstRetry
        retry?.cancel()
        retry = nil
        notifier.checked(changes) { [items] in items.store }
    }

    /// The store could not be reached: again after the back-off while a network is there, else
    /// when it comes back.
    private func failed(_ message: String) {
        resumeWaiting(.failure(PriceCheckFailure(message: message)))
        isOwed = true
        guard watch.isStarted, network?.isNetworkAvailable ?? true else { return }
        let wait = nextRetry
        nextRetry = min(nextRetry * 2, Self.longestRetry)
        retry?.cancel()
        retry = MainContext.after(wait) { [weak self] in
            self?.retry = nil
            self?.watch.check()
        }
        Log.message(LogDomain.app, "Looking up kept items’ prices again in \(wait)")
    }
}

/// Why a check asked for did not look every item up.
struct PriceCheckFailure: Error {
    let message: String
}
