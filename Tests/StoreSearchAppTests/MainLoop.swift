import Foundation
import Gtk
import XCTest

/// Runs async main-actor work to completion while spinning the GLib main loop (XCTest runs
/// tests on the main thread; libsoup and GTK need their main context turning).
@MainActor
enum MainLoop {
    static func run<T>(timeout: Duration = .seconds(20), _ body: @escaping @MainActor () async throws -> T) throws -> T {
        MainLoopBridge.install()
        var outcome: Result<T, any Error>?
        Task { @MainActor in
            do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        }
        guard MainContext.spin(until: { outcome != nil }, timeout: timeout) else {
            throw XCTSkip("timed out")  // reported by the caller's assertions
        }
        return try outcome!.get()
    }

    nonisolated static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    nonisolated static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appending(path: "storesearch-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    nonisolated static func coverJPEG(_ index: Int = 0, size: Int = 100) -> Data {
        let name = String(format: "cover-%03d/%dx%dbb.jpg", index, size, size)
        return try! Data(contentsOf: repository.appending(path: "data/artwork/\(name)"))
    }
}
