import Foundation
import Gtk
import StoreSearchCore

/// The running app's price watch on the session bus, for `storesearch --refresh-prices`: its
/// `CheckNow` checks now (or waits for the check under way) and answers with one line per
/// changed price, the summary, and what failed ("" when every item was looked up). The
/// application is held meanwhile: a service started for the overview would quit when idle.
@MainActor
final class PriceCheckBusObject {
    static let path = "/io/github/storesearch/StoreSearch/PriceWatch"
    static let interface = "io.github.storesearch.StoreSearch.PriceWatch"
    static let method = "CheckNow"
    static let interfaceXML = """
        <node>
          <interface name="\(interface)">
            <method name="\(method)">
              <arg type="as" name="changes" direction="out"/>
              <arg type="s" name="summary" direction="out"/>
              <arg type="s" name="failure" direction="out"/>
            </method>
          </interface>
        </node>
        """

    private var object: DBusObject?

    /// `prices`: the session's price watch (made when first asked for), with the items it watches.
    init(connection: OpaquePointer, application: Application, prices: @escaping @MainActor () -> PriceWatchService) {
        object = DBusObject(
            connection: connection, path: Self.path, introspectionXML: Self.interfaceXML, interface: Self.interface
        ) { [weak application] call in
            guard call.method == Self.method else { return call.fail("org.freedesktop.DBus.Error.UnknownMethod", "") }
            application?.hold()
            Task { @MainActor in
                let service = prices()
                let result = await service.checkNow()
                let queries = PriceWatch.queries(for: service.items.store, region: service.storeRegion.country)
                var changes: [String: PriceChange] = [:], failure = ""
                switch result {
                case .success(let found): changes = found
                case .failure(let error): failure = error.message
                }
                let lines = RefreshPricesCommand.lines(
                    for: changes, store: service.items.store, formatter: PriceFormatter(locale: service.locale)
                )
                let summary = RefreshPricesCommand.summary(
                    items: queries.reduce(0) { $0 + $1.ids.count }, requests: queries.count, changes: changes)
                call.reply([.strings(lines), .string(summary), .string(failure)])
                application?.release()
            }
        }
    }

    func unexport() {
        object?.unregister()
        object = nil
    }
}
