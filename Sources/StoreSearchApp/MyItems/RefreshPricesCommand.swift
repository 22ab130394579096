import Foundation
import Gtk
import HTTP
import StoreSearchCore

/// `storesearch --refresh-prices`: one price check of the kept items with no window (for a user's
/// own timer), as the window's `PriceWatch` does it (per store region, 200 ids a request,
/// Retry-After waited out when at most a minute away), then saves the item file and prints one
/// line per changed price and a summary. It writes the item file, so it takes the data folder's
/// lock, waiting a little for a StoreSearch that holds it.
///
/// With StoreSearch running (a window, or the background watch) it asks that instance to check
/// now over D-Bus (`PriceCheckBusObject`) and prints what it answers.
///
/// Exit status: 0 every item was looked up (whatever changed); 1 a lookup or the save failed
/// (what was looked up before that is saved); 75 (EX_TEMPFAIL) StoreSearch holds the items but
/// could not be asked (no session bus between them); 2 for a wrong command line, as always.
@MainActor
public enum RefreshPricesCommand {
    public static let busyStatus: Int32 = 75
    /// How long it waits for the data folder's lock.
    static let lockWait: TimeInterval = 10
    /// The longest Retry-After it waits out; a longer one fails the check.
    static let longestRetryWait: TimeInterval = 60

    /// What the check gathered while the main loop ran.
    private final class Check {
        var store: ItemStore
        var changes: [String: PriceChange] = [:]
        var failure: (any Error)?
        var isDone = false
        init(store: ItemStore) { self.store = store }
    }

    public static func run(
        _ options: LaunchOptions, paths: AppPaths = AppPaths(), locale: UserLocale = .current,
        applicationID: String = StoreSearchApp.applicationID
    ) -> Int32 {
        if let status = askRunningApp(applicationID) { return status }
        let lock = DataFolderLock(directory: paths.dataDirectory)
        guard acquire(lock) else {
            report(
                localized(
                    "StoreSearch is open with your items and checks their prices itself; try again once it is closed."))
            return busyStatus
        }
        defer { lock.release() }
        let file = ItemStoreFile(paths: paths)
        let check: Check
        do { check = Check(store: try file.load().store) } catch { report(error.message); return 1 }
        let region = StoreRegionSetting(settings: nil, override: options.country, locale: locale).country
        let queries = PriceWatch.queries(for: check.store, region: region)
        let before = check.store
        if !queries.isEmpty { lookUp(queries, options: options, into: check) }
        if check.store != before {
            do throws(ItemStoreFileError) { try file.save(check.store) } catch { report(error.message); return 1 }
        }
        for line in lines(for: check.changes, store: check.store, formatter: PriceFormatter(locale: locale.monetary)) {
            print(line)
        }
        print(summary(items: queries.reduce(0) { $0 + $1.ids.count }, requests: queries.count, changes: check.changes))
        if let failure = check.failure {
            report(
                String(
                    format: localized("Not every item could be looked up: %@"),
                    (failure as? SearchFailure)?.message ?? "\(failure)"))
            return 1
        }
        return 0
    }

    /// "Looked up: 2 items in 1 requests. Prices changed: 1; cheaper: 1."
    static func summary(items: Int, requests: Int, changes: [String: PriceChange]) -> String {
        String(
            format: localized("Looked up: %1$ld items in %2$ld requests. Prices changed: %3$ld; cheaper: %4$ld."),
            items, requests, changes.count, changes.values.filter(\.isDrop).count)
    }

    /// StoreSearch runs under `applicationID`: it checks and answers (it owns the items, and may be
    /// watching prices in the background). Nil when none runs or it cannot be asked.
    private static func askRunningApp(_ applicationID: String) -> Int32? {
        guard DBusMethod.hasOwner(applicationID) else { return nil }
        let answer = DBusMethod.callWaiting(
            destination: applicationID, path: PriceCheckBusObject.path, interface: PriceCheckBusObject.interface,
            method: PriceCheckBusObject.method, timeoutMilliseconds: 60 * 60 * 1000)
        switch answer {
        case .failure(let error):
            Log.message(LogDomain.app, "The running StoreSearch could not be asked to check prices: \(error.message)")
            return nil
        case .success(let reply):
            reply.strings(0).forEach { print($0) }
            print(reply.string(1))
            let failure = reply.string(2)
            guard failure.isEmpty else {
                report(String(format: localized("Not every item could be looked up: %@"), failure))
                return 1
            }
            return 0
        }
    }

    /// Runs the lookups on GLib's main loop (libsoup's callbacks come there) until they end.
    private static func lookUp(_ queries: [LookupQuery], options: LaunchOptions, into check: Check) {
        MainLoopBridge.install()
        let client = HTTPClient(
            configuration: HTTPClientConfiguration(userAgent: "StoreSearch/\(StoreSearchApp.version)"))
        let service = SearchService(baseURL: options.apiBase, client: client)
        Task {
            do {
                let linked = PriceWatch.linkedItems(in: [check.store])
                try await PriceWatch.run(queries, service: service, longestWait: longestRetryWait) { results in
                    let results = PriceWatch.rekeyed(results, linked: linked)
                    let missing = Set(check.store.recordsWithoutSnapshot.map(\.id))
                    check.store.refreshSnapshots(from: results.filter { missing.contains($0.id) })
                    check.changes.merge(check.store.refreshPrices(from: results.filter { !missing.contains($0.id) })) {
                        $1
                    }
                }
            } catch {
                check.failure = error
            }
            check.isDone = true
        }
        MainContext.spin(until: { check.isDone }, timeout: .seconds(24 * 60 * 60))
    }

    /// "Kuzu Kuzu: $0.49, was $0.99", by name.
    static func lines(for changes: [String: PriceChange], store: ItemStore, formatter: PriceFormatter) -> [String] {
        func price(_ point: PricePoint) -> String {
            let offers = point.offer.map { StoreOffers(restriction: $0, collectionPrice: point.price) }
            return formatter.listing(price: point.price, ownPrice: false, offers: offers, currency: point.currency)
                ?? localized("No price")
        }
        return changes.map { id, change in
            let name = store.records[id].map { MyItem(record: $0).item.name } ?? id
            let format = change.isRise ? localized("%1$@: %2$@, up from %3$@") : localized("%1$@: %2$@, was %3$@")
            return String(format: format, name, price(change.current), price(change.previous))
        }.sorted()
    }

    /// Takes the data folder's lock, waiting up to `lockWait` for another process to let it go.
    private static func acquire(_ lock: DataFolderLock) -> Bool {
        let deadline = Date().addingTimeInterval(lockWait)
        while true {
            switch lock.acquire() {
            case .acquired: return true
            case .unavailable(let reason):
                Log.warning(LogDomain.app, "No lock on the data folder: \(reason)")
                return true  // saving says what is wrong with the folder
            case .heldElsewhere:
                guard Date() < deadline else { return false }
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
    }

    private static func report(_ message: String) {
        FileHandle.standardError.write(Data("storesearch: \(message)\n".utf8))
    }
}
