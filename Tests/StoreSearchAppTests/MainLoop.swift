import Foundation
import Gtk
import GtkTesting
import XCTest

/// Runs async main-actor work to completion while spinning the GLib main loop (XCTest runs
/// tests on the main thread; libsoup and GTK need their main context turning).
@MainActor
enum MainLoop {
    static func run<T>(timeout: Duration = .seconds(20), _ body: @escaping @MainActor () async throws -> T) throws -> T
    {
        MainLoopBridge.install()
        var outcome: Result<T, any Error>?
        Task { @MainActor in
            do { outcome = .success(try await body()) } catch { outcome = .failure(error) }
        }
        guard MainContext.spin(until: { outcome != nil }, timeout: timeout) else {
            XCTFail("timed out")
            throw CancellationError()
        }
        return try outcome!.get()
    }

    nonisolated static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// A new folder inside this test run's own temporary folder, which goes when the run ends
    /// (tests made ~25 `storesearch-*` folders per run and none removed them).
    nonisolated static func temporaryDirectory() -> URL {
        let url = TemporaryRoot.url.appending(path: UUID().uuidString)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    nonisolated static func coverJPEG(_ index: Int = 0, size: Int = 100) -> Data {
        let name = String(format: "cover-%03d/%dx%dbb.jpg", index, size, size)
        return try! Data(contentsOf: repository.appending(path: "data/artwork/\(name)"))
    }
}

/// `storesearch-tests-<pid>` in the temporary folder, removed at process exit.
enum TemporaryRoot {
    static let url: URL = {
        let url = FileManager.default.temporaryDirectory.appending(path: "storesearch-tests-\(getpid())")
        atexit {
            // Folders made read-only by a test must become writable again to be removed.
            let root = TemporaryRoot.url
            if let walker = FileManager.default.enumerator(atPath: root.path) {
                for case let path as String in walker { chmod(root.appending(path: path).path, 0o755) }
            }
            try? FileManager.default.removeItem(at: root)
        }
        return url
    }()
}
