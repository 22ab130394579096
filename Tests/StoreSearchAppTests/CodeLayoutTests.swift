import Foundation
import XCTest

/// Issue #35: rules of the code's layout that the compiler does not check.
final class CodeLayoutTests: XCTestCase {
    private static let app = MainLoop.repository.appending(path: "Sources/StoreSearchApp")

    /// The Swift files under `folder` of the app's sources, with their text (comments left out).
    private static func sources(under folder: URL = app) throws -> [(url: URL, code: String)] {
        let files = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        return try files.map { url in
            let text = try String(contentsOf: url, encoding: .utf8)
            return (url, text.replacing(/\/\/[^\n]*/, with: ""))
        }
    }

    /// Objects of a .ui file are reached through the struct generated from it (Plugins/UIOutlets),
    /// where a renamed or removed id is a compile error; no code looks one up by its name.
    func testNoCodeLooksUpABuilderObjectByName() throws {
        let sources = try Self.sources()
        XCTAssertGreaterThan(sources.count, 50)
        for (url, code) in sources {
            XCTAssertFalse(code.contains(/\.object\("/), "\(url.lastPathComponent) looks up a .ui object by name")
        }
    }

    /// Window/ is the window's assembly: what other parts share (state, actions, notices, the
    /// items) lives in App/ or in its feature's folder, so no other folder uses a type of Window/
    /// (but Launch/, which makes the MainWindow).
    func testNoOtherFolderUsesATypeDeclaredInWindow() throws {
        let window = Self.app.appending(path: "Window")
        let declared = try Self.sources(under: window).flatMap { _, code in
            code.matches(of: /(?:class|struct|enum|protocol|actor) ([A-Z]\w+)/).map { String($0.1) }
        }
        XCTAssertTrue(declared.contains("MainWindow"))
        let launch = Self.app.appending(path: "Launch")
        for (url, code) in try Self.sources() where !url.path.hasPrefix(window.path) {
            for name in declared
            where try code.contains(Regex("\\b\(name)\\b"))
                && !(name == "MainWindow" && url.path.hasPrefix(launch.path))
            {
                XCTFail("\(url.lastPathComponent) uses \(name), declared in Window/")
            }
        }
    }

    /// The folder a file of the app's sources is in ("Results").
    private static func folder(of url: URL) -> String {
        String(url.path.dropFirst(app.path.count + 1).prefix { $0 != "/" })
    }

    /// Which folders each folder depends on: a folder depends on another when its files name a
    /// type declared at the top level of a file there.
    static func folderDependencies() throws -> [String: Set<String>] {
        let sources = try Self.sources()
        var owner: [String: String] = [:]
        let declaration =
            /^(?:@\w+ )*(?:(?:public|package|internal|private|fileprivate|final|nonisolated) )*(?:class|struct|enum|protocol|actor|typealias) ([A-Z]\w+)/
            .anchorsMatchLineEndings()
        for (url, code) in sources {
            for match in code.matches(of: declaration) {
                owner[String(match.1)] = folder(of: url)  // top-level names are unique in the module
            }
        }
        var dependencies: [String: Set<String>] = [:]
        for (url, code) in sources {
            let from = folder(of: url)
            let named = Set(code.matches(of: /\b[A-Z]\w+\b/).map { String($0.output) })
            dependencies[from, default: []].formUnion(named.compactMap { owner[$0] }.filter { $0 != from })
        }
        return dependencies
    }

    /// The groups of folders that depend on each other, around (strongly connected components of
    /// more than one folder, by Tarjan's algorithm), each sorted.
    static func cycles(in graph: [String: Set<String>]) -> [[String]] {
        var index: [String: Int] = [:], low: [String: Int] = [:], stack: [String] = [], onStack: Set<String> = []
        var groups: [[String]] = []
        func visit(_ node: String) {
            index[node] = index.count
            low[node] = index[node]
            stack.append(node)
            onStack.insert(node)
            for next in (graph[node] ?? []).sorted() {
                if index[next] == nil {
                    visit(next)
                    low[node] = min(low[node]!, low[next]!)
                } else if onStack.contains(next) {
                    low[node] = min(low[node]!, index[next]!)
                }
            }
            guard low[node] == index[node] else { return }
            var group: [String] = []
            while let top = stack.popLast() {
                onStack.remove(top)
                group.append(top)
                if top == node { break }
            }
            if group.count > 1 { groups.append(group.sorted()) }
        }
        for node in graph.keys.sorted() where index[node] == nil { visit(node) }
        return groups
    }

    /// Issue #42: the folders form no cycle. App/ is the shared kernel (Event, LogDomain, notices,
    /// window state and actions, the app's identity), which every part may use and which uses no
    /// part; Launch/ is the top (it starts the app and makes the window); Store/ holds the store's
    /// services, Environment/ the services a window gets. Before, all 12 folders were one group.
    func testTheFoldersDependOnEachOtherWithoutACycle() throws {
        let graph = try Self.folderDependencies()
        XCTAssertGreaterThanOrEqual(graph.count, 14)
        XCTAssertEqual(graph["App"] ?? [], [], "App/ is the shared kernel: it uses no other folder")
        XCTAssertTrue(graph["Launch"]?.contains("Window") == true, "the check sees a folder's types")
        XCTAssertEqual(Self.cycles(in: graph), [], "folders that depend on each other")
        XCTAssertEqual(Self.cycles(in: ["A": ["B"], "B": ["C"], "C": ["A"], "D": ["A"]]), [["A", "B", "C"]])
    }

    /// Issue #42: the item store is reached through `Items` only (it records the history and
    /// announces every change, `Items.changed`): outside Items/ at most 5 uses of a keeper, and
    /// only the place that makes the app's `Items` names `ItemStoreKeeper`.
    func testTheItemStoreIsReachedThroughItemsOnly() throws {
        let items = Self.app.appending(path: "Items")
        let outside = try Self.sources().filter { !$0.url.path.hasPrefix(items.path + "/") }
        let uses = outside.map { $0.code.matches(of: /\bkeeper\./).count }.reduce(0, +)
        XCTAssertLessThanOrEqual(uses, 5, "uses of `keeper.` outside Items/")
        let naming = outside.filter { $0.code.contains(/\bItemStoreKeeper\b/) }.map(\.url.lastPathComponent)
        XCTAssertEqual(naming, ["AppEnvironment.swift"], "only the app's environment makes the keeper (for Items)")
    }

    /// Issue #42: controllers and services are given the services they use (`SearchService`,
    /// `Items`, the store region, the offline catalog, …) as parameters. Only the composition root
    /// names the whole `AppEnvironment`: Environment/ declares it, Launch/ makes it, and MainWindow
    /// (Window/MainWindow*.swift) hands its parts out.
    func testOnlyTheCompositionRootNamesAppEnvironment() throws {
        let naming = try Self.sources().filter { $0.code.contains(/\bAppEnvironment\b/) }
            .map { String($0.url.path.dropFirst(Self.app.path.count + 1)) }
        XCTAssertTrue(naming.contains("Window/MainWindow.swift"), "the check sees who names it")
        let outside = naming.filter {
            !$0.hasPrefix("Environment/") && !$0.hasPrefix("Launch/") && !$0.hasPrefix("Window/MainWindow")
        }
        XCTAssertEqual(outside.sorted(), [], "files that name AppEnvironment outside the composition root")
    }

    /// Issue #42: MainWindow assembles the window; what it does (focus rules, desktop requests,
    /// the start, browsing) is in its extensions beside it, so it stays short enough to read.
    func testMainWindowOnlyAssembles() throws {
        let file = Self.app.appending(path: "Window/MainWindow.swift")
        let lines = try String(contentsOf: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        XCTAssertLessThanOrEqual(lines.count, 320, "MainWindow.swift")
    }
}
