import Foundation
import XCTest
@testable import StoreSearchApp

/// The binary finds its files from its own path: under its prefix when installed, in the
/// nearest source tree above it when built, or where STORESEARCH_RESOURCES says.
final class ResourceLocatorTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appending(path: "storesearch-locator-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: root)
        super.tearDown()
    }

    private func makeFile(_ path: String) throws -> URL {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: url)
        return url
    }

    func testInstalledUnderAPrefix() throws {
        let binary = try makeFile("opt/app/bin/storesearch")
        _ = try makeFile("opt/app/share/storesearch/data/catalog.json")
        let found = try XCTUnwrap(ResourceLocator.locate(environment: [:], executable: binary))
        let share = root.appending(path: "opt/app/share").standardizedFileURL.path
        XCTAssertEqual(found.root.standardizedFileURL.path, share + "/storesearch")
        XCTAssertEqual(found.localeDirectory.standardizedFileURL.path, share + "/locale")
        XCTAssertEqual(found.schemaDirectory.standardizedFileURL.path, share + "/glib-2.0/schemas")
        XCTAssertEqual(found.iconDirectory.standardizedFileURL.path, share + "/icons")
    }

    func testBuiltInASourceTree() throws {
        let binary = try makeFile("checkout/.build/x86_64-unknown-linux-gnu/debug/storesearch")
        _ = try makeFile("checkout/data/catalog.json")
        let found = try XCTUnwrap(ResourceLocator.locate(environment: [:], executable: binary))
        let checkout = root.appending(path: "checkout").standardizedFileURL.path
        XCTAssertEqual(found.root.standardizedFileURL.path, checkout)
        XCTAssertEqual(found.localeDirectory.standardizedFileURL.path, checkout + "/.build/locale")
        XCTAssertEqual(found.iconDirectory.standardizedFileURL.path, checkout + "/Resources/icons")
    }

    func testOverrideFirstAndNothingWithoutData() throws {
        let binary = try makeFile("bin/storesearch")
        _ = try makeFile("elsewhere/Resources/main-window.ui")
        XCTAssertNil(
            ResourceLocator.locate(
                environment: ["STORESEARCH_RESOURCES": root.appending(path: "elsewhere").path],
                executable: binary), "Resources without data is no installation")
        _ = try makeFile("elsewhere/data/catalog.json")
        let found = ResourceLocator.locate(
            environment: ["STORESEARCH_RESOURCES": root.appending(path: "elsewhere").path],
            executable: binary)
        XCTAssertEqual(found?.root.standardizedFileURL.path, root.appending(path: "elsewhere").standardizedFileURL.path)
    }

    func testTheRunningBinaryIsFoundThroughProc() {
        XCTAssertTrue(ResourceLocator.executable.path.hasPrefix("/"), ResourceLocator.executable.path)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: ResourceLocator.executable.path))
    }
}
