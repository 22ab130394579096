import Foundation
import StoreSearchCore

/// `storesearch --export FILE`: My Items from the saved file, with no window. It only reads the
/// item file, so it works whether or not StoreSearch is running (a running window saves within
/// two seconds of a change).
public enum ExportCommand {
    /// Returns the exit status: 0 once the file is complete, 1 with a message otherwise. When the
    /// item file could not be read whole, what could be read is exported, and the status says
    /// that items or values are missing from it.
    public static func run(to path: String, paths: AppPaths = AppPaths()) -> Int32 {
        let target = URL(
            fileURLWithPath: path, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        do {
            let loaded = try ItemStoreFile(paths: paths).load(repairing: false)
            let list = MyItemsList(store: loaded.store, order: .name)
            try MyItemsExport.write(list.items(), to: target.standardizedFileURL)
            guard loaded.isDamaged || loaded.hasUnreadValues, let notice = loaded.notice else { return 0 }
            report(
                String(
                    format: localized("Exported %1$@, but not everything in your saved items could be read: %2$@"),
                    target.path, notice))
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
