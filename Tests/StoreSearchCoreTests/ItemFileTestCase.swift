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
}
