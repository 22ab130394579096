import Foundation
import Gtk
import HTTP
import StoreSearchCore

/// `storesearch --refresh-prices`: one price check of the kept items with no window (for a user's
/// own timer), as the window's `PriceWatch` does it (per store region, 200 ids a request,
/// Retry-After waited out when at most a minute away), then saves the item file and prints one
/// line per changed price and a summary. It writes the item file, so it takes the data folder's
/// lock, waiting a little for another command that holds it (not for StoreSearch's window).
///
/// With StoreSearch running (a window, or the background watch) it asks that instance to check
/// now over D-Bus (`PriceCheckBusObject`) and prints what it answers.
///
/// Exit status: 0 every item was looked up (whatever changed); 1 a lookup or the save failed
/// (what was looked up before that is saved); 75 (EX_TEMPFAIL) StoreSearch holds the items but
/// could not be asked (no session bus between them), or another program holds them; 2 for a wrong
/// command line, as always.
@MainActor
public enum RefreshPricesCommand {
    public static let busyStatus: Int32 = 75
    /// How long it waits for the data folder's lock while a program other than StoreSearch holds it.
    static let lockWait: TimeInterval = 10
    /// The longest Retry-After it waits out; a longer one fails the check.
    static let longestRetryWait: TimeInterval = 60

    /// What the check gathered while the main loop ran.
    private final class Check {
        var store: ItemStore
        var changes: [String: PriceChange] = [:]
        var failure: (any Error)?
        /// How many of the queries were answered (they are sent in order, one at a time).
        var answered = 0
        var isDone = false
        init(store: ItemStore) { self.store = store }
    }

    public static func run(
        _ options: LaunchOptions, paths: AppPaths = AppPaths(), locale: UserLocale = .current,
        applicationID: String = StoreSearchApp.applicationID
    ) -> Int32 {
        if let status = askRunningApp(applicationID) { return status }
        let lock = DataFolderLock(directory: paths.dataDirectory)
        if let busy = acquire(lock, folder: paths.dataDirectory) {
            report(busy)
            return busyStatus
        }
        defer { lock.release() }
        let file = ItemStoreFile(paths: paths)
        let check: Check
        // A damaged file is left to the window, which keeps the damaged copy and says what it
        // recovered (written back here, the next start would have nothing to say).
        do {
            let loaded = try file.load(repairing: false)
            if loaded.isDamaged {
                report(loaded.notice ?? localized("Your saved items file is damaged."))
                report(localized("Nothing was checked or written: open StoreSearch to recover your items."))
                return 1
            }
            check = Check(store: loaded.store)
        } catch {
            report(error.message)
            return 1
        }
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
        let total = queries.reduce(0) { $0 + $1.ids.count }
        let looked = queries.prefix(check.answered).reduce(0) { $0 + $1.ids.count }
        // Only what the store answered counts as looked up.
        if check.failure == nil || check.answered > 0 {
            print(summary(items: looked, requests: check.answered, changes: check.changes))
        }
        guard let failure = check.failure else { return 0 }
        report(failureMessage(failure))
        report(String(format: localized("Items not looked up: %1$ld of %2$ld."), total - looked, total))
        return 1
    }

    /// Why the check ended early. An unreachable store is said as such: the window's advice (search
    /// the offline catalog) means nothing to a price check.
    static func failureMessage(_ failure: any Error) -> String {
        guard let failure = failure as? SearchFailure else {
            return String(format: localized("Not every item could be looked up: %@"), "\(failure)")
        }
        if case .unreachable(let detail) = failure {
            return String(format: localized("The store could not be reached (%@)."), detail)
        }
        return String(format: localized("Not every item could be looked up: %@"), failure.message)
    }

    /// "Looked up: 2 items in 1 request. Prices changed: 1; cheaper: 1."
    static func summary(items: Int, requests: Int, changes: [String: PriceChange]) -> String {
        String(
            format: localized("Looked up: %1$@ in %2$@. Prices changed: %3$ld; cheaper: %4$ld."),
            String(format: localizedPlural("%ld item", "%ld items", items), items),
            String(format: localizedPlural("%ld request", "%ld requests", requests), requests),
            changes.count, changes.values.filter(\.isDrop).count)
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
                    check.answered += 1
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
        let wording = PriceChangeWording(formatter: formatter)
        return changes.map { id, change in
            wording.line(name: store.records[id].map { MyItem(record: $0).item.name } ?? id, change)
        }.sorted()
    }

    /// Takes the data folder's lock; nil when it has it (or the folder has no lock to take), else
    /// what holds it. A StoreSearch that holds it owns the app id on the session bus: then there is
    /// nothing to wait for (its window checks prices itself). Another holder (another command, or
    /// a program of the user's) is waited for up to `lockWait`.
    private static func acquire(_ lock: DataFolderLock, folder: URL) -> String? {
        guard isHeld(lock) else { return nil }
        let owned = SessionBus.nameHasOwner(StoreSearchApp.applicationID)
        if owned == true {
            return localized("StoreSearch is open with your items and checks their prices itself.")
        }
        let deadline = Date().addingTimeInterval(lockWait)
        while Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            guard isHeld(lock) else { return nil }
        }
        guard owned == false else {
            // No session bus: a StoreSearch runs without one too, and cannot be told apart.
            return localized("Another program, perhaps StoreSearch, is using your items; try again once it is closed.")
        }
        return String(
            format: localized("Another program holds the lock on your items (%@); try again once it is done."),
            folder.appending(path: ".lock").path)
    }

    /// Tries the lock once: whether another process holds it.
    private static func isHeld(_ lock: DataFolderLock) -> Bool {
        switch lock.acquire() {
        case .acquired: return false
        case .unavailable(let reason):
            Log.warning(LogDomain.app, "No lock on the data folder: \(reason)")
            return false  // saving says what is wrong with the folder
        case .heldElsewhere: return true
        }
    }

    private static func report(_ message: String) {
        FileHandle.standardError.write(Data("storesearch: \(message)\n".utf8))
    }
}
