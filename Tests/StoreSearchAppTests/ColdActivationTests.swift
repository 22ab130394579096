import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

/// Issue #41: D-Bus starts the app for one call, with no window and nothing read yet: GNOME
/// Shell's `ActivateResult` after the search provider idled and quit, and
/// `org.freedesktop.Application.ActivateAction` from a notification clicked after the app quit.
/// The real application runs here as D-Bus starts it (`--gapplication-service`, under an id of
/// its own on the test's session bus), and `gdbus` makes that call its first one once it owns
/// its name; then the window it opens is read.
final class ColdActivationTests: XCTestCase {
    private static let applicationID = "io.github.storesearch.StoreSearch.ColdTest"
    private static let objectPath = "/io/github/storesearch/StoreSearch/ColdTest"
    private static let provider = "/io/github/storesearch/StoreSearch/SearchProvider"

    /// What a cold start did with its first call.
    private struct Outcome {
        var reply = ""
        /// A window opened and showed what was asked.
        var shown = false
        /// From the call's start to that.
        var milliseconds = 0.0
    }

    /// The kept items of `WindowPriceWatchTests.writeKeptItems` (Kuzu Kuzu, Steady); the store
    /// answers their lookup unchanged, a lookup of id 777 with the song "Dudu" and any search with it.
    private func withStore(_ body: (CountingServer, AppPaths) throws -> Void) throws {
        let dudu = Data(
            #"{"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":777,"trackName":"Dudu","artistName":"Tarkan","trackPrice":0.99,"currency":"USD"}]}"#
                .utf8)
        try WindowPriceWatchTests.withKeptItems(answering: { request in
            request.query["id"] == "777"
                ? LocalServerResponse(body: dudu) : WindowPriceWatchTests.lookupAnswer(kuzuKuzu: "0.99")
        }) { server, paths in
            server.route("/search") { _ in LocalServerResponse(body: dudu) }
            try body(server, paths)
        }
    }

    /// Runs the application as a service started for `call` (`gdbus call` arguments after the
    /// destination), made once it owns its name; `shown` tells when its window shows what was
    /// asked (the window is then closed and the application ends, as on logout).
    private func coldStart(
        paths: AppPaths, apiBase: URL, call: [String], shown: @escaping @MainActor (MainWindow) -> Bool
    ) throws -> Outcome {
        let caller = Process(), output = Pipe()
        caller.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The time the call starts, then its answer.
        caller.arguments =
            [
                "-c",
                #"gdbus wait --session --timeout 20 "$0" && date +%s.%N && exec gdbus call --session --timeout 10 --dest "$0" "$@""#,
                Self.applicationID,
            ] + call
        caller.standardOutput = output
        caller.standardError = output
        try caller.run()
        var options = LaunchOptions()
        options.apiBase = apiBase
        options.isService = true
        var outcome = Outcome()
        let (status, shownAt) = MainActor.assumeIsolated {
            var shownAt: Date?
            let status = StoreSearchApp.run(
                options, arguments: ["storesearch", "--gapplication-service"], paths: paths,
                applicationID: Self.applicationID
            ) { main in
                let deadline = ContinuousClock.now + .seconds(15)
                MainContext.every(.milliseconds(10)) {
                    let done = shown(main) && main.window.isMapped
                    guard done || ContinuousClock.now > deadline else { return true }
                    if done { shownAt = Date() }
                    kill(getpid(), SIGTERM)  // ends the application (its window saves first)
                    return false
                }
            }
            return (status, shownAt)
        }
        caller.waitUntilExit()
        XCTAssertEqual(status, 0)
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n", maxSplits: 1).map(String.init)
        outcome.reply = lines.dropFirst().first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if let shownAt, let started = lines.first.flatMap(Double.init) {
            outcome.shown = true
            outcome.milliseconds = (shownAt.timeIntervalSince1970 - started) * 1000
        }
        return outcome
    }

    private static func providerCall(_ method: String, _ arguments: String...) -> [String] {
        ["--object-path", provider, "--method", "org.gnome.Shell.SearchProvider2.\(method)"] + arguments
    }

    func testTheFirstCallActivatingOneOfMyItemsOpensTheWindowOnIt() throws {
        try withStore { server, paths in
            let outcome = try coldStart(
                paths: paths, apiBase: server.baseURL!,
                call: Self.providerCall("ActivateResult", "'track:1440857788'", "['kuzu']", "1234")
            ) { main in
                main.myItems.isShowingMyItems && main.detail.item?.id == "track:1440857788"
                    && main.detail.ui.nameEntry.text == "Kuzu Kuzu"
            }
            XCTAssertEqual(outcome.reply, "()")
            XCTAssertTrue(outcome.shown, "the window opens on the kept item, in My Items")
            guard outcome.shown else { return }
            print("Cold ActivateResult of a kept item to its window: \(Int(outcome.milliseconds)) ms (gdbus included)")
        }
    }

    /// A store result the provider answered before it quit: this process never saw it, so it is
    /// looked up by its id, as a store link is.
    func testTheFirstCallActivatingAStoreResultLooksItUp() throws {
        try withStore { server, paths in
            let outcome = try coldStart(
                paths: paths, apiBase: server.baseURL!,
                call: Self.providerCall("ActivateResult", "'track:777'", "['dudu']", "1234")
            ) { main in
                !main.myItems.isShowingMyItems && main.shownItems.map(\.id) == ["track:777"]
                    && main.detail.item?.name == "Dudu"
            }
            XCTAssertEqual(outcome.reply, "()")
            XCTAssertTrue(outcome.shown, "the window opens on the store's item, alone in the results")
            XCTAssertTrue(server.requests.contains { $0.path == "/lookup" && $0.query["id"] == "777" })
            guard outcome.shown else { return }
            print("Cold ActivateResult of a store result to its window: \(Int(outcome.milliseconds)) ms")
        }
    }

    /// (This worked before #41: the window opens when the call is made. It must go on working.)
    func testTheFirstCallLaunchingASearchOpensTheWindowOnIt() throws {
        try withStore { server, paths in
            let outcome = try coldStart(
                paths: paths, apiBase: server.baseURL!, call: Self.providerCall("LaunchSearch", "['dudu']", "1234")
            ) { main in
                main.searchEntry.text == "dudu" && main.shownItems.map(\.name) == ["Dudu"]
            }
            XCTAssertEqual(outcome.reply, "()")
            XCTAssertTrue(outcome.shown, "the window opens and runs the search")
        }
    }

    /// The price-drop notification clicked after the app quit.
    func testTheFirstCallActivatingShowPriceDropsOpensMyItemsOnThem() throws {
        try withStore { server, paths in
            let outcome = try coldStart(
                paths: paths, apiBase: server.baseURL!,
                call: [
                    "--object-path", Self.objectPath, "--method", "org.freedesktop.Application.ActivateAction",
                    "show-price-drops", "[]", "{}",
                ]
            ) { main in
                main.myItems.isShowingMyItems && main.myItems.page.filter == .priceDrops
            }
            XCTAssertEqual(outcome.reply, "()", "the action exists before any window")
            XCTAssertTrue(outcome.shown, "the window opens on My Items showing Price Drops")
            guard outcome.shown else { return }
            print("Cold ActivateAction show-price-drops to its window: \(Int(outcome.milliseconds)) ms")
        }
    }
}
