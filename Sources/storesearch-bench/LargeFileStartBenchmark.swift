import Foundation
import Gtk
import GtkTesting
import StoreSearchApp
import StoreSearchCore

/// Issue #46: the window over a 100,000-item file, its own and one Python's plistlib wrote (the
/// same records, as another tool on another machine would leave them): the longest main-loop
/// stall from the window shown until the items are in, and the time until My Items lists them
/// all, beside an idle main loop.
@MainActor
enum LargeFileStartBenchmark {
    /// One start: the longest stall and main-thread run meanwhile, and when the items were read and listed.
    typealias Run = (stall: Duration, busy: Duration, read: Duration, listed: Duration)

    static func run() throws {
        print("Start with 100,000 items: window shown to My Items listing them")
        let root = FileManager.default.temporaryDirectory.appending(
            path: "storesearch-bench-largestart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let source = root.appending(path: "own.plist"), plistlib = root.appending(path: "plistlib.plist")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try ItemStoreFile(url: source).save(CoreBenchmark.items(100_000))
        try rewriteWithPlistlib(source, to: plistlib)
        // Another tool's forms (prices as reals, kinds spelled "Song"): only the full reader reads them.
        let forms = root.appending(path: "forms.plist")
        try rewriteWithPlistlib(
            source, to: forms,
            changing: "for r in d['items']:\n s = r.get('snapshot', {})\n"
                + " if 'price' in s: s['price'] = float(s['price'])\n if s.get('kind') == 'song': s['kind'] = 'Song'\n")
        let idle = Probe.idle(during: .seconds(2))
        print(
            "  (an idle main loop here: longest stall \(Measure.milliseconds(idle.stall)), busy "
                + "\(Measure.milliseconds(idle.busy)); the machine is shared)")
        for (name, file) in [
            ("its own file", source), ("plistlib's file", plistlib), ("plistlib's, other tools' forms", forms),
        ] {
            var runs: [Run] = []
            for _ in 0..<3 { runs.append(try measure(root: root, file: file, count: 100_000)) }
            let median = runs.sorted { $0.listed < $1.listed }[1]
            print(
                "  \(name): longest stall \(Measure.milliseconds(runs.map(\.stall).max()!)) "
                    + "(main thread busy \(Measure.milliseconds(runs.map(\.busy).max()!))), read in "
                    + "\(Measure.milliseconds(median.read)), listed in \(Measure.milliseconds(median.listed)) "
                    + "(median of 3; targets 50 ms and 1.5 s)")
        }
    }

    /// The same records as plistlib writes them (its layout, its escapes), in another process.
    private static func rewriteWithPlistlib(_ source: URL, to target: URL, changing change: String = "") throws {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = [
            "-c",
            "import plistlib,sys\nd = plistlib.load(open(sys.argv[1],'rb'))\n\(change)"
                + "plistlib.dump(d, open(sys.argv[2],'wb'))",
            source.path, target.path,
        ]
        try python.run()
        python.waitUntilExit()
        guard python.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// A window over a copy of `file` (nil: none) showing My Items: from the window shown until
    /// it lists `count` items.
    private static func measure(root: URL, file: URL?, count: Int) throws -> Run {
        let folder = root.appending(path: "run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = AppPaths(
            dataDirectory: folder.appending(path: "data"), cacheDirectory: folder.appending(path: "cache"))
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true)
        if let file { try FileManager.default.copyItem(at: file, to: ItemStoreFile(paths: paths).url) }
        var options = LaunchOptions()
        options.apiBase = URL(string: "http://127.0.0.1:9")!
        let environment = AppEnvironment(options: options, paths: paths, resources: ResourceLocator.locate()!)
        let main = MainWindow(
            application: BenchWindow.application, environment: environment, settings: Settings.MemoryBackend())
        defer {
            main.window.destroy()
            environment.shutdown()
            MainContext.spin(until: { false }, timeout: .milliseconds(100))
        }
        main.window.setDefaultSize(width: 1024, height: 760)
        _ = main.window.activateAction("win.show-my-items")
        main.present()
        MainContext.spin(until: { main.window.isMapped }, timeout: .seconds(10))
        let probe = Probe()
        let start = ContinuousClock.now
        let page = main.myItems.page
        MainContext.spin(until: { environment.items.isLoaded }, timeout: .seconds(30))
        let read = ContinuousClock.now - start
        MainContext.spin(until: { !page.isListing && page.count == count }, timeout: .seconds(30))
        let listed = ContinuousClock.now - start
        probe.stop()
        guard page.count == count else {
            throw CocoaError(
                .featureUnsupported, userInfo: [NSDebugDescriptionErrorKey: "My Items lists \(page.count)"])
        }
        return (probe.longestStall, probe.longestBusy, read, listed)
    }
}
