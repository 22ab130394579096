import Foundation
import Gtk
import GtkTesting
import StoreSearchCore
import XCTest
@testable import StoreSearchApp

extension ItemStoreKeeper {
    /// A keeper of `folder`'s items.plist (none yet: an empty store), once it has been read.
    static func read(in folder: URL, file: StaticString = #filePath, line: UInt = #line) -> ItemStoreKeeper {
        MainLoopBridge.install()  // the read's end reaches the main actor through the main loop
        let keeper = ItemStoreKeeper(
            file: ItemStoreFile(url: folder.appending(path: "items.plist")), dataDirectory: folder)
        XCTAssertTrue(MainContext.spin(until: { keeper.isLoaded }), "the item file is read", file: file, line: line)
        return keeper
    }
}
