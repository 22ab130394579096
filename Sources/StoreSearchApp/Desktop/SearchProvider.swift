import Foundation
import Gtk
import StoreSearchCore

/// GNOME Shell's search provider (`org.gnome.Shell.SearchProvider2` at `objectPath` on the app's
/// bus name): what the user typed in the Activities overview finds their own items first, at
/// once and offline, then the store's best matches for terms of 3 characters or more (through
/// the same search service as the window: cache, Retry-After, deadline), for the first keystroke
/// and every one after it (a subsearch). Every answer comes within `answerWithin` with what there
/// is; a newer search cancels the older one's request.
/// It is exported when the application registers on the bus, before it owns its name: a service
/// D-Bus starts for the Shell gets its first call as soon as the name is owned.
/// It answers only on the session bus and only with what the app would show (no hidden items,
/// texts as bounded as in the rows, icons only from the artwork cache: no network wait).
@MainActor
final class SearchProvider {
    static let objectPath = "/io/github/storesearch/StoreSearch/SearchProvider"
    static let answerWithin: Duration = .milliseconds(1500)
    static let storeLimit = 5
    static let mineLimit = 10

    /// What the provider uses of the app's services.
    struct Services {
        /// The user's items, matched first.
        let items: Items
        /// The store's search (the window's: cache, Retry-After, deadline) in the picked store.
        let search: SearchService
        let storeRegion: StoreRegionSetting
        /// How prices are written in the results' descriptions.
        let locale: Locale
        /// Where the artwork cache is: its files are the results' icons.
        let artworkCacheDirectory: URL
    }

    private let application: Application
    /// Made on the first call: the object is exported before the application's startup, when GTK
    /// is not ready yet for what the services open.
    private let makeServices: @MainActor () -> Services
    private var services: Services { makeServices() }
    private var object: DBusObject?
    private var pendingSearch: Task<Void, Never>?
    /// Results answered so far by id, for their metas and their activation.
    private var answered: [String: SearchResult] = [:]
    /// My Items folded for matching, made again only when the store changed (the Shell asks on
    /// every keystroke; folding 10,000 items takes about 30 ms).
    private var myItems: (changeCount: Int, list: MyItemsList)?

    /// A result the user chose in the overview.
    enum Pick {
        /// Known here: answered by this process or one of the user's records (`isMine`).
        case result(SearchResult, isMine: Bool)
        /// Answered by an earlier process (this one started for the pick): only its id is known.
        case storeItem(id: String)
    }

    /// The user chose a result in the overview at `time` (the Shell's event time).
    let resultActivated = Event<(pick: Pick, time: UInt32)>()
    /// The user asked to see all results for these terms in the app, at `time`.
    let searchLaunched = Event<(term: String, time: UInt32)>()

    /// Exports the provider on `connection` (the application's, as it registers on the bus).
    init(connection: OpaquePointer, application: Application, services: @escaping @MainActor () -> Services) {
        self.application = application
        makeServices = services
        object = DBusObject(
            connection: connection, path: Self.objectPath, introspectionXML: Self.interfaceXML,
            interface: "org.gnome.Shell.SearchProvider2"
        ) { [weak self] call in self?.handle(call) }
    }

    /// The application leaves the bus.
    func unexport() {
        pendingSearch?.cancel()
        object?.unregister()
        object = nil
    }

    private func handle(_ call: DBusCall) {
        let searches = call.method == "GetInitialResultSet" || call.method == "GetSubsearchResultSet"
        if searches && !services.items.isLoaded { return handleOnceLoaded(call) }
        switch call.method {
        case "GetInitialResultSet": search(call.strings(0), answering: call)
        // The Shell asks this on every keystroke after the first: the store is asked again too.
        case "GetSubsearchResultSet": search(call.strings(1), narrowing: call.strings(0), answering: call)
        case "GetResultMetas": call.reply([metas(call.strings(0))])
        case "ActivateResult":
            call.reply()
            activate(call.string(0), time: call.uint32(2))
        case "LaunchSearch":
            call.reply()
            searchLaunched.send((call.strings(0).joined(separator: " "), call.uint32(1)))
        default: call.fail("org.freedesktop.DBus.Error.UnknownMethod", "No method \(call.method)")
        }
    }

    /// A search before the user's items were read (a service D-Bus has just started): it waits
    /// for the one read the app makes, and the Shell gets no answer until then, or an empty one
    /// when the read outlasts its patience.
    private func handleOnceLoaded(_ call: DBusCall) {
        application.hold()
        let deadline = MainContext.after(Self.answerWithin) { call.reply([.strings([])]) }
        Task { [weak self, services] in
            await services.items.waitUntilLoaded()
            deadline.cancel()
            if !call.isAnswered { self?.handle(call) }  // else a newer keystroke's search may be under way
            self?.application.release()
        }
    }

    /// The user picked result `id`. A provider that idled has quit by the time the user picks
    /// (the Shell keeps its results on screen): D-Bus starts a new process for this call, which
    /// has answered nothing yet and is still reading the user's items. It is held until they are
    /// read and the pick is handed on (whoever opens the window holds it from then on).
    private func activate(_ id: String, time: UInt32) {
        application.hold()
        Task { [weak self, services, application] in
            await services.items.waitUntilLoaded()
            defer { application.release() }
            let record = services.items.store.records[id]
            let pick: Pick =
                if let result = self?.answered[id] ?? record?.snapshot {
                    .result(result, isMine: record != nil)
                } else {
                    .storeItem(id: id)
                }
            self?.resultActivated.send((pick, time))
        }
    }

    // MARK: Searching

    /// My matches for `terms`, then the store's. A subsearch passes the `previous` results: until
    /// the store answers (or when it cannot), those that still match stand in for its answer.
    private func search(_ terms: [String], narrowing previous: [String] = [], answering call: DBusCall) {
        pendingSearch?.cancel()  // its call is answered with what it had
        if answered.count > 1000 { answered.removeAll() }  // a long session: keep the latest searches' only
        let term = terms.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        let mine = myMatches(term)
        for result in mine { answered[result.id] = result }
        let mineIDs = mine.map(\.id)
        let withoutStore = mineIDs + narrow(previous.filter { !mineIDs.contains($0) }, to: terms)
        guard term.count >= 3 else { return call.reply([.strings(withoutStore)]) }
        application.hold()  // a service started for the overview stays while it works
        let deadline = MainContext.after(Self.answerWithin) { call.reply([.strings(withoutStore)]) }
        pendingSearch = Task { [weak self, services] in
            defer {
                deadline.cancel()
                self?.application.release()
            }
            var ids = mineIDs
            do {
                let found = try await services.search.search(services.storeRegion.query(term: term, category: .all))
                let shown = services.items.store.apply(to: found).map(\.result).filter { !mineIDs.contains($0.id) }
                for result in shown.prefix(Self.storeLimit) {
                    self?.answered[result.id] = result
                    ids.append(result.id)
                }
            } catch {
                ids = withoutStore
                if !Task.isCancelled {  // a newer keystroke's search took over: nothing went wrong
                    Log.message(LogDomain.app, "Search provider: the store's results for a term are left out: \(error)")
                }
            }
            call.reply([.strings(ids)])  // no second answer once the deadline gave one
        }
    }

    /// The earlier results that hold every word of `terms` now.
    private func narrow(_ previous: [String], to terms: [String]) -> [String] {
        let query = terms.joined(separator: " ")
        return previous.filter { id in
            guard let result = answered[id] else { return false }
            let item = services.items.store.item(for: result)
            return MyItemsList.text([item.name, item.artist ?? "", item.notes].joined(separator: "\n"), matches: query)
        }
    }

    /// The user's own items (not hidden) whose name, artist or notes hold every word.
    private func myMatches(_ term: String) -> [SearchResult] {
        guard !term.isEmpty else { return [] }
        let items = services.items
        if myItems?.changeCount != items.changeCount {
            myItems = (items.changeCount, MyItemsList(store: items.store, order: .dateChanged))
        }
        let list = myItems!.list
        return list.positions(.all, matching: term).lazy.map { list[$0] }
            .filter { !$0.isHidden && !$0.isAwaitingLookup }
            .prefix(Self.mineLimit).map(\.item.result)
    }

    // MARK: Metas

    private func metas(_ ids: [String]) -> Variant {
        let formatter = PriceFormatter(locale: services.locale)
        let metas = ids.compactMap { id -> Variant? in
            guard let result = answered[id] ?? services.items.store.records[id]?.snapshot else { return nil }
            let item = services.items.store.item(for: result)
            let price = formatter.listing(
                price: item.price, ownPrice: item.edits.price != nil, offers: result.offers, currency: result.currency)
            let description = [item.artist, result.kind.displayName, price].compactMap { $0 }.joined(separator: " · ")
            let cached = result.artworkURL.map {
                ArtworkDiskCache.file(for: $0, in: services.artworkCacheDirectory).path
            }
            let icon = Variant.icon(
                file: cached.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil },
                themedName: Self.iconName(for: result.kind))
            return .dictionary([
                ("id", .string(id)), ("name", .string(item.name)), ("description", .string(description)),
                ("icon", icon),
            ])
        }
        return .array(metas, of: "a{sv}")
    }

    private static func iconName(for kind: ResultKind) -> String {
        switch kind {
        case .song, .album, .podcast, .audiobook: "audio-x-generic"
        case .movie, .musicVideo, .tvEpisode: "video-x-generic"
        case .app: "application-x-executable"
        case .ebook: "x-office-document"
        default: StoreSearchApp.applicationID
        }
    }

    static let interfaceXML = """
        <node>
          <interface name="org.gnome.Shell.SearchProvider2">
            <method name="GetInitialResultSet"><arg type="as" name="terms" direction="in"/><arg type="as" name="results" direction="out"/></method>
            <method name="GetSubsearchResultSet"><arg type="as" name="previous_results" direction="in"/><arg type="as" name="terms" direction="in"/><arg type="as" name="results" direction="out"/></method>
            <method name="GetResultMetas"><arg type="as" name="identifiers" direction="in"/><arg type="aa{sv}" name="metas" direction="out"/></method>
            <method name="ActivateResult"><arg type="s" name="identifier" direction="in"/><arg type="as" name="terms" direction="in"/><arg type="u" name="timestamp" direction="in"/></method>
            <method name="LaunchSearch"><arg type="as" name="terms" direction="in"/><arg type="u" name="timestamp" direction="in"/></method>
          </interface>
        </node>
        """
}
