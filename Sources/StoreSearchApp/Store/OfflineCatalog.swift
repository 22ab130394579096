import Foundation

/// The bundled offline catalog, switched on while the app runs (`--offline`, or the button a
/// failed search or the no-network notice offers) and then for the rest of the run. One per run,
/// handed to every part that asks whether searches go to it (the search and Explore pages, the
/// pages browsed to, previews, the price watch), so they all see the switch when it happens.
@MainActor
public final class OfflineCatalog {
    private let search: SearchService
    private let dataDirectory: URL
    private var server: CatalogServer?

    /// `search`: the service it points at the catalog; `dataDirectory`: where `catalog.json` is.
    public init(search: SearchService, dataDirectory: URL) {
        self.search = search
        self.dataDirectory = dataDirectory
    }

    /// Whether searches go to the bundled catalog.
    public var isOn: Bool { server != nil }

    /// Starts the bundled catalog's server (once) and points searches at it.
    public func switchOn() throws {
        guard server == nil else { return }
        let started = try CatalogServer(dataDirectory: dataDirectory)
        search.baseURL = try started.start()
        server = started
    }

    /// The run ends: the catalog's server stops.
    public func stop() { server?.stop() }
}
