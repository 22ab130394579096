import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchApp
import StoreSearchCore

/// Issue #43: what the background price watch costs while it waits. The real app runs in two
/// child processes of this bench at once, over the same kept items and a local store: one as
/// the login starts it (`--gapplication-service`, "Watch Prices in the Background" on, no
/// window), one with its window open (the switch off). Once both have checked the prices and
/// settled, their resident memory is read, then for a minute how often each one's main thread
/// woke up (its voluntary context switches: a GLib main loop sleeps in poll() between events).
enum BackgroundServiceBenchmark {
    static let childFlag = "--background-service-child"
    static let idleSeconds = 60

    /// A child: the app under `id` (as a service when `service`), in this process, until it ends.
    @MainActor
    static func child() -> Never {
        let service = ProcessInfo.processInfo.environment["STORESEARCH_BENCH_SERVICE"] == "1"
        var options = LaunchOptions()
        options.apiBase = URL(string: ProcessInfo.processInfo.environment["STORESEARCH_API_BASE"]!)!
        options.isService = service
        let id = StoreSearchApp.applicationID + (service ? ".BenchService" : ".BenchWindow")
        let arguments = service ? ["storesearch", "--gapplication-service"] : ["storesearch"]
        exit(StoreSearchApp.run(options, arguments: arguments, applicationID: id))
    }

    /// Where the children draw: the X display the bench runs on (GTK's cairo renderer, as the
    /// bench sets), or a headless mutter as GNOME's Wayland session (GTK's default renderer).
    private struct Display {
        var name: String
        var environment: [String: String?]
    }

    @MainActor
    static func run() throws {
        print("Background price watch (issue #43): idle service beside the idle window, each in its own process")
        try measure(on: Display(name: "X11", environment: [:]))
        // GNOME's session is Wayland: there GTK sets up GL only for a window, where on X11 it
        // does at start (to pick the windows' visual), which the service pays for too.
        let runtime = FileManager.default.temporaryDirectory.appending(
            path: "storesearch-bench-wl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: runtime) }
        guard let compositor = try startMutter(runtime: runtime) else {
            return print("  Wayland: no figures (mutter --headless did not start)")
        }
        defer {
            compositor.terminate()
            compositor.waitUntilExit()
        }
        try measure(
            on: Display(
                name: "Wayland (headless mutter, GTK's default renderer)",
                environment: [
                    "XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": "wayland-0", "GDK_BACKEND": "wayland",
                    "GSK_RENDERER": nil, "DISPLAY": nil,
                ]))
    }

    @MainActor
    private static func measure(on display: Display) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "storesearch-bench-bg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = CountingServer()
        server.route("/lookup") { _ in LocalServerResponse(body: lookupAnswer) }
        let base = try server.start()
        defer { server.stop() }
        let service = try launch(service: true, folder: folder.appending(path: "service"), apiBase: base, on: display)
        let window = try launch(service: false, folder: folder.appending(path: "window"), apiBase: base, on: display)
        defer {
            for process in [service, window] where process.isRunning { process.terminate() }
            service.waitUntilExit()
            window.waitUntilExit()
        }
        // Both check at start; then they settle (the window's first frames, the item file's save).
        let checked = MainContext.spin(until: { server.requestCount(path: "/lookup") >= 2 }, timeout: .seconds(60))
        guard checked else { return print("  \(display.name): no figures (the children did not check prices)") }
        MainContext.spin(until: { false }, timeout: .seconds(5))
        let serviceRSS = residentKB(service.processIdentifier), windowRSS = residentKB(window.processIdentifier)
        // Most of it is shared libraries' pages (GTK, libadwaita, Swift's runtime): their own
        // memory is the anonymous part.
        let serviceAnon = field("RssAnon", in: "/proc/\(service.processIdentifier)/status")
        let windowAnon = field("RssAnon", in: "/proc/\(window.processIdentifier)/status")
        let before = (wakeUps(service.processIdentifier), wakeUps(window.processIdentifier))
        MainContext.spin(until: { false }, timeout: .seconds(idleSeconds))
        let after = (wakeUps(service.processIdentifier), wakeUps(window.processIdentifier))
        print("  \(display.name):")
        print(
            String(
                format: "    idle RSS: service %.1f MB, window %.1f MB; ratio %.2f (target ≤ 0.5)",
                serviceRSS / 1024, windowRSS / 1024, serviceRSS / windowRSS))
        print(
            String(
                format: "    of which anonymous (not shared libraries): service %.1f MB, window %.1f MB; ratio %.2f",
                serviceAnon / 1024, windowAnon / 1024, serviceAnon / windowAnon))
        print(
            "    main-thread wake-ups in \(idleSeconds) s idle: service \(after.0.main - before.0.main), "
                + "window \(after.1.main - before.1.main) (all threads: service \(after.0.all - before.0.all), "
                + "window \(after.1.all - before.1.all)); lookups \(server.requestCount(path: "/lookup")) (2 at start)")
    }

    /// `mutter --headless --wayland` on a runtime folder of its own, once its socket is there.
    @MainActor
    private static func startMutter(runtime: URL) throws -> Process? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/mutter") else { return nil }
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        let mutter = Process()
        mutter.executableURL = URL(fileURLWithPath: "/usr/bin/mutter")
        mutter.arguments = ["--headless", "--wayland", "--no-x11", "--virtual-monitor", "1280x800"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["DISPLAY"] = nil
        mutter.environment = environment
        mutter.standardOutput = FileHandle.nullDevice
        mutter.standardError = FileHandle.nullDevice
        try mutter.run()
        let socket = runtime.appending(path: "wayland-0").path
        let started = MainContext.spin(
            until: { FileManager.default.fileExists(atPath: socket) || !mutter.isRunning }, timeout: .seconds(20))
        guard started, mutter.isRunning else {
            if mutter.isRunning { mutter.terminate() }
            return nil
        }
        return mutter
    }

    private static let lookupAnswer = Data(
        #"{"resultCount":1,"results":[{"wrapperType":"track","kind":"song","trackId":1440857788,"trackName":"Kuzu Kuzu","artistName":"Tarkan","trackPrice":0.99,"currency":"USD"}]}"#
            .utf8)

    /// A child over its own folders, with one kept item.
    private static func launch(service: Bool, folder: URL, apiBase: URL, on display: Display) throws -> Process {
        let paths = AppPaths(
            dataDirectory: folder.appending(path: "data/storesearch"),
            cacheDirectory: folder.appending(path: "cache/storesearch"))
        var store = ItemStore()
        store.keep(
            SearchResult(
                id: "track:1440857788", name: "Kuzu Kuzu", artist: "Tarkan", kind: .song,
                price: Decimal(string: "0.99"),
                currency: "USD", storeRegion: "US"))
        try ItemStoreFile(paths: paths).save(store)
        // The switch, where GSettings' key-file backend reads it.
        let settings = folder.appending(path: "config/glib-2.0/settings")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try Data("[io/github/storesearch/StoreSearch]\nwatch-in-background=\(service)\n".utf8)
            .write(to: settings.appending(path: "keyfile"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        process.arguments = [childFlag]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = folder.appending(path: "data").path
        environment["XDG_CACHE_HOME"] = folder.appending(path: "cache").path
        environment["XDG_CONFIG_HOME"] = folder.appending(path: "config").path
        environment["GSETTINGS_BACKEND"] = "keyfile"
        environment["STORESEARCH_API_BASE"] = apiBase.absoluteString
        environment["STORESEARCH_BENCH_SERVICE"] = service ? "1" : "0"
        for (name, value) in display.environment { environment[name] = value }
        process.environment = environment
        try process.run()
        return process
    }

    private static func residentKB(_ pid: Int32) -> Double {
        field("VmRSS", in: "/proc/\(pid)/status")
    }

    /// Voluntary context switches of the main thread, and of all threads.
    private static func wakeUps(_ pid: Int32) -> (main: Int, all: Int) {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let all = tasks.reduce(0) { $0 + Int(field("voluntary_ctxt_switches", in: "/proc/\(pid)/task/\($1)/status")) }
        return (Int(field("voluntary_ctxt_switches", in: "/proc/\(pid)/task/\(pid)/status")), all)
    }

    private static func field(_ name: String, in path: String) -> Double {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("\(name):") })
        else { return 0 }
        return Double(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
    }
}
