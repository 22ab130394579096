import Foundation
import StoreSearchCore

/// `storesearch --export FILE`: My Items from the saved file, with no window. It only reads the
/// item file, so it works whether or not StoreSearch is running (a running window saves within
/// two seconds of a change).
public enum ExportCommand {
    /// Returns the exit status: 0 once the file is complete, 1 with a message otherwise.
    public static func run(to path: String, paths: AppPaths = AppPaths()) -> Int32 {
        let target = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        do {
            let store = try ItemStoreFile(paths: paths).load(repairing: false).store
            let list = MyItemsList(store: store, order: .name)
            try MyItemsExport.write(list.items(), to: target.standardizedFileURL)
            return 0
        } catch let error as ItemStoreFileError {
            report(error.message)
        } catch let error as MyItemsExport.Failure {
            report(error.message)
        } catch {
            report(String(describing: error))
        }
        return 1
    }

    private static func report(_ message: String) {
        FileHandle.standardError.write(Data("storesearch: \(message)\n".utf8))
    }
}
