import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchCore
import TestSupport
import XCTest
@testable import StoreSearchApp

/// Issue #45: Price Drops opened before My Items was ever shown (the notification's click, the
/// action over D-Bus, the main menu from the Search page) crashed the app a few seconds after
/// start. A file like the reported one (22 items: kept, edited, visited, hidden; US, DE and JP
/// stores; an album-only song; drops already in the history, two more found at start), and Price
/// Drops opened by each way at several moments after the window shows.
final class WindowPriceDropsOpeningTests: XCTestCase {
    /// Kept items 1...22 of three stores; 3, 7 and 11 dropped before; 5 visited only, 9 hidden.
    nonisolated static func writeItems(_ paths: AppPaths) throws {
        let stores = [("US", "USD"), ("DE", "EUR"), ("JP", "JPY")]
        let records = (1...22).map { number -> String in
            let (region, currency) = stores[number % 3]
            let history =
                [3, 7, 11].contains(number)
                ? """
                <key>priceHistory</key><array>\
                <dict><key>date</key><date>2026-11-01T10:00:00Z</date><key>price</key><string>\(amount(1.99, currency))</string><key>currency</key><string>\(currency)</string></dict>\
                <dict><key>date</key><date>2026-11-10T10:00:00Z</date><key>price</key><string>\(amount(0.99, currency))</string><key>currency</key><string>\(currency)</string></dict>\
                </array>
                """ : ""
            let mark =
                number == 5
                ? "<key>visited</key><true/>"
                : number == 9 ? "<key>hidden</key><true/>" : "<key>keptAt</key><date>2026-11-01T10:00:00Z</date>"
            let offer =
                number == 13
                ? "<key>trackPrice</key><string>-1</string><key>collectionPrice</key><string>2750</string>" : ""
            return """
                <dict><key>id</key><string>track:\(1000 + number)</string>\(mark)\
                <key>changedAt</key><date>2026-11-0\(number % 9 + 1)T10:00:00Z</date>\
                <key>edits</key><dict><key>notes</key><string>note \(number)</string></dict>\(history)\
                <key>snapshot</key><dict><key>id</key><string>track:\(1000 + number)</string>\
                <key>name</key><string>Song \(number)</string><key>artist</key><string>Artist \(number % 4)</string>\
                <key>kind</key><string>song</string><key>price</key><string>\(amount([3, 7, 11].contains(number) ? 0.99 : 1.29, currency))</string>\(offer)\
                <key>currency</key><string>\(currency)</string><key>storeRegion</key><string>\(region)</string></dict></dict>
                """
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>formatVersion</key><integer>3</integer><key>items</key><array>
            \(records.joined(separator: "\n"))
            </array></dict></plist>
            """
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: paths.dataDirectory.appending(path: "items.plist"))
    }

    /// A price in dollars or euros as the store writes it, a hundred times that in yen.
    static func amount(_ dollars: Decimal, _ currency: String) -> String {
        "\(currency == "JPY" ? dollars * 100 : dollars)"
    }

    /// The store's answer to a lookup: every asked id at its price, 1 and 2 now cheaper.
    static func lookup(_ request: LocalServerRequest) -> LocalServerResponse {
        let country = request.query["country"] ?? "US"
        let currency = ["US": "USD", "DE": "EUR", "JP": "JPY"][country] ?? "USD"
        let ids = (request.query["id"] ?? "").split(separator: ",").compactMap { Int($0) }
        let results = ids.map { id in
            let price = amount(
                [1001, 1002].contains(id) ? 0.49 : [1003, 1007, 1011].contains(id) ? 0.99 : 1.29, currency)
            return """
                {"wrapperType":"track","kind":"song","trackId":\(id),"trackName":"Song \(id - 1000)",\
                "artistName":"Artist","trackPrice":\(price),"collectionPrice":9.99,"currency":"\(currency)"}
                """
        }
        let body = "\n\n{\"resultCount\":\(results.count),\"results\":[\(results.joined(separator: ","))]}"
        return LocalServerResponse(body: Data(body.utf8))
    }

    /// The main menu's Price Drops (win.price-drops), and what the notification's click and the
    /// D-Bus action run (app.show-price-drops, see ColdActivationTests for the call itself).
    enum Way: CaseIterable {
        case menu, notification
    }

    /// Opens a window on the items and, after `spins` main-loop iterations, Price Drops by `way`.
    @MainActor
    private static func openPriceDrops(by way: Way, afterSpins spins: Int, server: CountingServer) throws {
        let paths = WindowHarness.temporaryPaths()
        defer { try? FileManager.default.removeItem(at: paths.dataDirectory.deletingLastPathComponent()) }
        try Self.writeItems(paths)
        var options = LaunchOptions()
        options.apiBase = server.baseURL!
        let environment = AppEnvironment(
            options: options, paths: paths, resources: ResourceLocator.locate()!, locale: Locale(identifier: "en_US"))
        environment.showsCharts = false  // the store's requests are the price check's
        let main = MainWindow(application: WindowHarness.application, environment: environment)
        defer {
            main.window.destroy()
            environment.shutdown()
        }
        main.present()
        var iterations = 0
        MainContext.spin(until: {
            iterations += 1
            return iterations > spins
        })
        switch way {
        case .menu: XCTAssertTrue(main.window.activateAction(WindowAction.priceDrops.detailedName))
        case .notification: main.showPriceDrops()
        }
        XCTAssertTrue(
            MainContext.spin(until: {
                environment.items.keeper.isLoaded && !main.priceWatch.isChecking && !main.myItems.page.isListing
                    && Set(main.myItems.page.shown.map(\.item.name)) == [
                        "Song 1", "Song 2", "Song 3", "Song 7", "Song 11",
                    ]
            }),
            "way \(way), after \(spins) spins: \(main.myItems.page.shown.map(\.item.name)) loaded \(environment.items.keeper.isLoaded) checking \(main.priceWatch.isChecking) listing \(main.myItems.page.isListing) page \(String(describing: main.myItems.page.visiblePage)) records \(environment.items.keeper.store.records.count)"
        )
        XCTAssertEqual(main.myItems.page.filter, .priceDrops)
        XCTAssertEqual(main.myItems.page.views.model.count, 5, "the rows are the listing's")
        XCTAssertTrue(
            MainContext.spin(until: { main.myItemsView.mappedLabelTexts.contains("¥99,\nwas\u{00A0}¥199") }),
            "\(main.myItemsView.mappedLabelTexts)")
    }

    func testPriceDropsOpensBeforeMyItemsWasShown() throws {
        let server = CountingServer()
        server.route("/lookup", Self.lookup)
        _ = try server.start()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            for way in Way.allCases {
                for spins in [0, 3, 20, 200] { try Self.openPriceDrops(by: way, afterSpins: spins, server: server) }
            }
        }
    }

    /// Price Drops, the page, the filter, the selection and changes to the items in a random
    /// order with a few main-loop turns between them (a fixed seed): the rows always show the
    /// listed items.
    func testRandomSequencesKeepTheRowsAndTheListingTogether() throws {
        let server = CountingServer()
        server.route("/lookup", Self.lookup)
        _ = try server.start()
        defer { server.stop() }
        try MainActor.assumeIsolated {
            let harness = WindowHarness(
                apiBase: server.baseURL!,
                paths: {
                    let paths = WindowHarness.temporaryPaths()
                    try? Self.writeItems(paths)
                    return paths
                }())
            defer {
                harness.dispose()
                try? FileManager.default.removeItem(at: harness.paths.dataDirectory.deletingLastPathComponent())
            }
            let main = harness.main, page = main.myItems.page
            var random = SeededGenerator(seed: 45)
            // A selection that changes the items as it moves, as the detail does when it commits
            // typing left in a field: the listing changes while the rows are being replaced.
            var changesOnSelection = 0
            page.itemSelected.subscribe { _ in
                let records = harness.environment.items.keeper.store.records.values.sorted { $0.id < $1.id }
                guard let result = records[changesOnSelection % records.count].snapshot else { return }
                changesOnSelection += 1
                main.items.record(ItemChange(result: result, kind: .kept(changesOnSelection % 2 == 0)))
            }
            for _ in 0..<400 {
                switch Int.random(in: 0..<9, using: &random) {
                case 0: main.myItems.showPriceDrops()
                case 1: main.myItems.showPage(myItems: Bool.random(using: &random))
                case 2: page.filter = MyItemsFilter.allCases.randomElement(using: &random)!
                case 3: page.select(page.count == 0 ? nil : Int.random(in: 0..<page.count, using: &random))
                case 4: page.filterEntry.text = ["", "song", "1", "note 2"].randomElement(using: &random)!
                case 5: main.priceWatch.check()
                case 6:
                    let record = harness.environment.items.keeper.store.records.values.randomElement(using: &random)!
                    if let result = record.snapshot {
                        main.items.record(ItemChange(result: result, kind: .kept(record.keptAt == nil)))
                    }
                case 7: _ = main.window.activateAction("win.undo")
                default: _ = main.window.activateAction(WindowAction.priceDrops.detailedName)
                }
                var turns = Int.random(in: 0..<4, using: &random)
                MainContext.spin(until: {
                    turns -= 1
                    return turns < 0
                })
            }
            XCTAssertTrue(MainContext.spin(until: { !page.isListing && !main.priceWatch.isChecking }))
            XCTAssertGreaterThan(changesOnSelection, 10)
            XCTAssertEqual(main.myItems.page.views.model.count, page.count, "the rows are the listing's")
        }
    }
}
