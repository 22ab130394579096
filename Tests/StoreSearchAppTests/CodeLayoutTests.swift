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
    /// (but App/, which makes the MainWindow).
    func testNoOtherFolderUsesATypeDeclaredInWindow() throws {
        let window = Self.app.appending(path: "Window")
        let declared = try Self.sources(under: window).flatMap { _, code in
            code.matches(of: /(?:class|struct|enum|protocol|actor) ([A-Z]\w+)/).map { String($0.1) }
        }
        XCTAssertTrue(declared.contains("MainWindow"))
        let app = Self.app.appending(path: "App")
        for (url, code) in try Self.sources() where !url.path.hasPrefix(window.path) {
            for name in declared
            where try code.contains(Regex("\\b\(name)\\b")) && !(name == "MainWindow" && url.path.hasPrefix(app.path)) {
                XCTFail("\(url.lastPathComponent) uses \(name), declared in Window/")
            }
        }
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
}
