import Foundation
import XCTest
@testable import StoreSearchCore

/// Tests of the item file: each gets a fresh folder, `directory`, with `file` in it (not created),
/// and the folder is removed afterwards.
class ItemFileTestCase: XCTestCase {
    var directory: URL!
    var file: ItemStoreFile!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appending(path: "storesearch-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = ItemStoreFile(url: directory.appending(path: "items.plist"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// This test binary again, running only `test` on `file` (named in the environment's
    /// `variable`): a writer of the file that a crash test kills.
    func startChild(running test: String, fileVariable variable: String) throws -> Process {
        let child = Process()
        child.executableURL = URL(
            fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        child.arguments = [test]
        child.environment = ProcessInfo.processInfo.environment.merging([variable: file.url.path]) { $1 }
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        return child
    }
}
