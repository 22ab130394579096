import Foundation
import HTTP
import StoreSearchCore
import TestSupport
import Synchronization
import XCTest

/// Issue #20: the real app as GNOME Shell's search provider, started by D-Bus with no window,
/// driven with `gdbus call` on a private session bus as the Shell would.
final class SearchProviderTests: XCTestCase {
    private static let executable = URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appending(path: "storesearch")
    private static let path = "/io/github/storesearch/StoreSearch/SearchProvider"
    private static let interface = "org.gnome.Shell.SearchProvider2"

    private var folder: URL!
    private var bus: PrivateSessionBus!

    override func setUpWithError() throws {
        folder = MainLoop.temporaryDirectory()
        let paths = AppPaths(
            dataDirectory: folder.appending(path: "data/storesearch"),
            cacheDirectory: folder.appending(path: "cache/storesearch"))
        var store = ItemStore()
        store.setEdits(
            ItemEdits(name: "Kuzu Kuzu (my live copy)", notes: "from the 2001 tour"),
            for: SearchResult(
                id: "track:900", name: "Kuzu Kuzu", artist: "Tarkan", kind: .song, price: Decimal(string: "1.29"),
                currency: "USD"))
        store.hide(SearchResult(id: "track:901", name: "Hidden Tarkan Song", artist: "Tarkan", kind: .song))
        try ItemStoreFile(paths: paths).save(store)
        bus = try PrivateSessionBus()
    }

    override func tearDownWithError() throws {
        bus.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// The store: "tarkan" (that word alone) finds four songs at once, other terms nothing; "slow"
    /// (or `slowTerm`, as it is in the request) never answers
    /// (and notes its arrival and the close).
    private func startStore(closed: Flag, slowArrived: Flag = Flag(), slowTerm: String = "term=slow&") throws
        -> ScriptedServer
    {
        let server = ScriptedServer { connection in
            guard connection.readRequest() else { return }
            if connection.target.contains(slowTerm) {
                slowArrived.set()
                connection.writeHead(contentLength: 100)
                if connection.waitForClientClose(timeout: .seconds(15)) { closed.set() }
                return
            }
            let found = connection.target.contains("term=tarkan&")
            let records =
                !found
                ? []
                : [(900, "Kuzu Kuzu"), (902, "Şımarık"), (903, "Dudu"), (901, "Hidden Tarkan Song")].map { id, name in
                    #"{"wrapperType":"track","kind":"song","trackId":\#(id),"trackName":"\#(name)","artistName":"Tarkan","trackPrice":0.99,"currency":"USD"}"#
                }
            let body = Data("{\"resultCount\":\(records.count),\"results\":[\(records.joined(separator: ","))]}".utf8)
            connection.writeHead(headers: ["Content-Type": "text/javascript"], contentLength: body.count)
            connection.write(body)
            connection.close()
        }
        try server.start()
        return server
    }

    private func environment(apiBase: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = folder.appending(path: "data").path
        environment["XDG_CACHE_HOME"] = folder.appending(path: "cache").path
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["STORESEARCH_API_BASE"] = apiBase.absoluteString
        environment["GTK_A11Y"] = "none"
        return environment
    }

    /// `gdbus call` of a provider method; returns its output and how long it took.
    private func call(_ method: String, _ arguments: String..., environment: [String: String]) throws -> (
        output: String, seconds: Double
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        process.arguments =
            [
                "call", "--session", "--timeout", "10", "--dest", "io.github.storesearch.StoreSearch",
                "--object-path", Self.path, "--method", "\(Self.interface).\(method)",
            ] + arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let start = Date()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), Date().timeIntervalSince(start))
    }

    /// The app as D-Bus starts it for the Shell (`--gapplication-service`), once its provider
    /// answers on the bus.
    private func startService(environment: [String: String]) throws -> Process {
        let service = Process()
        service.executableURL = Self.executable
        service.arguments = ["--gapplication-service"]
        service.environment = environment
        try service.run()
        var ready = false
        for _ in 0..<100 where !ready {
            ready = try call("GetInitialResultSet", "['x']", environment: environment).output.hasPrefix("(@as [],)")
            if !ready { usleep(100_000) }
        }
        XCTAssertTrue(ready, "the provider answers on the bus")
        return service
    }

    private func waitForExit(_ process: Process, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        return !process.isRunning
    }

    func testTheShellFindsMyItemsAndTheStoresAndTheServiceQuitsWhenIdle() throws {
        let closed = Flag(), slowArrived = Flag()
        let server = try startStore(closed: closed, slowArrived: slowArrived)
        defer { server.stop() }
        let environment = environment(apiBase: server.baseURL!)
        let service = try startService(environment: environment)
        defer { if service.isRunning { service.terminate(); service.waitUntilExit() } }

        let mine = try call("GetInitialResultSet", "['live', 'copy']", environment: environment)
        XCTAssertEqual(
            mine.output.trimmingCharacters(in: .whitespacesAndNewlines), "(['track:900'],)", "my item, offline, at once"
        )
        print("GetInitialResultSet, a local match: \(String(format: "%.0f ms", mine.seconds * 1000)) (gdbus included)")

        let both = try call("GetInitialResultSet", "['tarkan']", environment: environment)
        XCTAssertEqual(
            both.output.trimmingCharacters(in: .whitespacesAndNewlines), "(['track:900', 'track:902', 'track:903'],)",
            "mine first, then the store's, hidden ones left out, none twice")
        print(
            "GetInitialResultSet, with a store search: \(String(format: "%.0f ms", both.seconds * 1000)) (gdbus included)"
        )
        let narrowed = try call(
            "GetSubsearchResultSet", "['track:900', 'track:902', 'track:903']", "['tarkan', 'live']",
            environment: environment)
        XCTAssertEqual(
            narrowed.output.trimmingCharacters(in: .whitespacesAndNewlines), "(['track:900'],)",
            "a subsearch asks the store again, which has nothing for both words: my item stays")

        let metas = try call("GetResultMetas", "['track:900', 'track:902']", environment: environment).output
        XCTAssertTrue(metas.contains("'name': <'Kuzu Kuzu (my live copy)'>"), metas)
        XCTAssertTrue(metas.contains("'description': <'Tarkan · Song · $1.29'>"), metas)
        XCTAssertTrue(metas.contains("'name': <'Şımarık'>"), metas)
        XCTAssertTrue(metas.contains("'icon': <('themed'"), "the kind's icon where no cover is cached: \(metas)")

        // A newer search cancels the older one's request, which still answers within 1.5 s.
        let slow = Process()
        slow.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        slow.arguments = [
            "call", "--session", "--dest", "io.github.storesearch.StoreSearch", "--object-path", Self.path,
            "--method", "\(Self.interface).GetInitialResultSet", "['slow']",
        ]
        slow.environment = environment
        let started = Date()
        try slow.run()
        let deadline = Date().addingTimeInterval(5)
        while !slowArrived.isSet && Date() < deadline { usleep(20_000) }
        XCTAssertTrue(
            try call("GetInitialResultSet", "['tarkan', 'kuzu']", environment: environment).output.contains("track:900")
        )
        slow.waitUntilExit()
        XCTAssertLessThan(Date().timeIntervalSince(started), 2.5, "the older call is answered with what it had")
        let closeDeadline = Date().addingTimeInterval(5)
        while !closed.isSet && Date() < closeDeadline { usleep(20_000) }
        XCTAssertTrue(closed.isSet, "the store saw the older request's connection close")

        XCTAssertTrue(waitForExit(service, within: 25), "started only for the overview, it quits when idle")
    }

    /// Issue #30: the Shell's first search after the service quit starts it through D-Bus (its
    /// `.service` file as installed), and that very first call must be answered: the provider is
    /// exported before the app owns its name. Three cold starts, each on a fresh bus.
    func testTheFirstCallOfAColdStartIsAnswered() throws {
        let server = try startStore(closed: Flag())
        defer { server.stop() }
        let template = try String(
            contentsOf: MainLoop.repository.appending(path: "Resources/io.github.storesearch.StoreSearch.service.in"),
            encoding: .utf8)
        for start in 1...3 {
            let services = folder.appending(path: "services-\(start)")
            try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
            try template.replacingOccurrences(of: "@bindir@", with: Self.executable.deletingLastPathComponent().path)
                .write(
                    to: services.appending(path: "io.github.storesearch.StoreSearch.service"), atomically: true,
                    encoding: .utf8)
            let activating = try PrivateSessionBus(
                activatingServicesIn: services, environment: environment(apiBase: server.baseURL!))
            defer { activating.stop() }
            var caller = ProcessInfo.processInfo.environment
            caller["DBUS_SESSION_BUS_ADDRESS"] = activating.address
            defer { Self.stopService(on: caller) }

            let first = try call("GetInitialResultSet", "['live', 'copy']", environment: caller)
            XCTAssertEqual(
                first.output.trimmingCharacters(in: .whitespacesAndNewlines), "(['track:900'],)",
                "cold start \(start): the first call is answered")
            print(
                "Cold start \(start), the first GetInitialResultSet: \(String(format: "%.0f ms", first.seconds * 1000)) (gdbus included)"
            )
        }
    }

    /// Issue #41: the installed binary started by D-Bus for one call, with no window and nothing
    /// read: the Shell's pick after the provider quit, and a notification clicked after the app
    /// quit. Each opens the window (ColdActivationTests checks what it shows).
    func testAColdStartForAPickOrANotificationClickOpensTheWindow() throws {
        let server = try startStore(closed: Flag())
        defer { server.stop() }
        let template = try String(
            contentsOf: MainLoop.repository.appending(path: "Resources/io.github.storesearch.StoreSearch.service.in"),
            encoding: .utf8)
        let calls: [(name: String, arguments: [String])] = [
            (
                "ActivateResult",
                [
                    "--object-path", Self.path, "--method", "\(Self.interface).ActivateResult",
                    "track:900", "['live']", "0",
                ]
            ),
            (
                "ActivateAction",
                [
                    "--object-path", "/io/github/storesearch/StoreSearch", "--method",
                    "org.freedesktop.Application.ActivateAction", "show-price-drops", "[]", "{}",
                ]
            ),
        ]
        for (index, call) in calls.enumerated() {
            let services = folder.appending(path: "services-cold-\(index)")
            try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
            try template.replacingOccurrences(of: "@bindir@", with: Self.executable.deletingLastPathComponent().path)
                .write(
                    to: services.appending(path: "io.github.storesearch.StoreSearch.service"), atomically: true,
                    encoding: .utf8)
            let activating = try PrivateSessionBus(
                activatingServicesIn: services, environment: environment(apiBase: server.baseURL!))
            defer { activating.stop() }
            var caller = ProcessInfo.processInfo.environment
            caller["DBUS_SESSION_BUS_ADDRESS"] = activating.address
            defer { Self.stopService(on: caller) }

            let process = Process(), output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
            process.arguments =
                ["call", "--session", "--timeout", "10", "--dest", "io.github.storesearch.StoreSearch"] + call.arguments
            process.environment = caller
            process.standardOutput = output
            process.standardError = output
            let started = Date()
            try process.run()
            process.waitUntilExit()
            let reply = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            XCTAssertEqual(reply.trimmingCharacters(in: .whitespacesAndNewlines), "()", "\(call.name) from cold")
            guard Self.windowAppears() else {
                XCTFail("\(call.name) from cold opens the window")
                continue
            }
            print(
                "Cold \(call.name), D-Bus activation to the window on screen: \(String(format: "%.0f ms", Date().timeIntervalSince(started) * 1000)) (gdbus and xdotool included)"
            )
        }
    }

    /// Ends the service D-Bus started on the bus `environment` names (it would stay 10 s).
    private static func stopService(on environment: [String: String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        process.arguments = [
            "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
            "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", "io.github.storesearch.StoreSearch",
        ]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            return XCTFail("gdbus: \(error)")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // "(uint32 1234,)"
        guard let pid = Int32(text.filter(\.isNumber).dropFirst(2)) else {
            return XCTFail("no service on the bus: \(text)")
        }
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, let state = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            !state.contains(") Z ")
        {
            usleep(20_000)
        }
    }

    /// Issue #30: the Shell asks for a subsearch on every keystroke after the first; from 3
    /// characters on it searches the store, with the user's own matches first.
    func testASubsearchAsksTheStore() throws {
        let server = try startStore(closed: Flag(), slowTerm: "term=tarkan%20dud&")
        defer { server.stop() }
        let environment = environment(apiBase: server.baseURL!)
        let service = try startService(environment: environment)
        defer { if service.isRunning { service.terminate(); service.waitUntilExit() } }

        let initial = try call("GetInitialResultSet", "['tar']", environment: environment)
        XCTAssertEqual(
            initial.output.trimmingCharacters(in: .whitespacesAndNewlines), "(['track:900'],)",
            "the store has nothing for “tar”")
        let asked = server.requestCount
        let sub = try call("GetSubsearchResultSet", "['track:900']", "['tarkan']", environment: environment)
        XCTAssertEqual(
            sub.output.trimmingCharacters(in: .whitespacesAndNewlines), "(['track:900', 'track:902', 'track:903'],)",
            "mine first, then the store's for the longer term, hidden ones left out")
        XCTAssertGreaterThan(server.requestCount, asked, "the subsearch reached the store")
        print(
            "GetSubsearchResultSet, with a store search: \(String(format: "%.0f ms", sub.seconds * 1000)) (gdbus included)"
        )

        let more = try call(
            "GetSubsearchResultSet", "['track:900', 'track:902', 'track:903']", "['tarkan', 'dud']",
            environment: environment)
        XCTAssertEqual(
            more.output.trimmingCharacters(in: .whitespacesAndNewlines), "(['track:903'],)",
            "the store does not answer in time: what it found before that still matches")

        let before = server.requestCount
        XCTAssertEqual(
            try call("GetInitialResultSet", "['t']", environment: environment).output.trimmingCharacters(
                in: .whitespacesAndNewlines),
            "(['track:900'],)")
        let short = try call("GetSubsearchResultSet", "['track:900']", "['ta']", environment: environment)
        XCTAssertEqual(
            short.output.trimmingCharacters(in: .whitespacesAndNewlines), "(['track:900'],)",
            "under 3 characters, mine only")
        XCTAssertEqual(server.requestCount, before, "and the store is not asked")
    }

    func testActivatingAResultOpensTheWindowOnIt() throws {
        let closed = Flag()
        let server = try startStore(closed: closed)
        defer { server.stop() }
        let environment = environment(apiBase: server.baseURL!)
        let service = try startService(environment: environment)
        defer { if service.isRunning { service.terminate(); service.waitUntilExit() } }
        XCTAssertTrue(
            try call("GetInitialResultSet", "['tarkan']", environment: environment).output.contains("track:902"))
        XCTAssertEqual(
            try call("ActivateResult", "'track:902'", "['tarkan']", "0", environment: environment).output
                .trimmingCharacters(in: .whitespacesAndNewlines), "()")
        XCTAssertTrue(Self.windowAppears(), "the window opens")
        usleep(1_000_000)
        XCTAssertTrue(service.isRunning, "with its window open, it stays")
        let before = server.requestCount
        XCTAssertEqual(
            try call("LaunchSearch", "['dudu']", "0", environment: environment).output.trimmingCharacters(
                in: .whitespacesAndNewlines), "()")
        let deadline = Date().addingTimeInterval(5)
        while server.requestCount == before && Date() < deadline { usleep(20_000) }
        XCTAssertGreaterThan(server.requestCount, before, "LaunchSearch searches in the window")
    }

    private static func windowAppears() -> Bool {
        for _ in 0..<100 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            process.arguments = ["search", "--onlyvisible", "--name", "^StoreSearch$"]
            let output = Pipe()
            process.standardOutput = output
            try? process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            if !data.isEmpty { return true }
            usleep(100_000)
        }
        return false
    }
}
