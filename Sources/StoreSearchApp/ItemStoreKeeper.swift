import Foundation
import Gtk
import StoreSearchCore

/// Owns the user's item store: loads it at start, saves it a couple of seconds after the last
/// change (so a crash loses at most that), and saves it for good when the window closes.
@MainActor
final class ItemStoreKeeper {
    static let saveDelay: Duration = .seconds(2)

    let file: ItemStoreFile
    private(set) var store: ItemStore
    /// Something the user should be told at start (a corrupt file moved aside, a newer format).
    let loadNotice: String?
    private var pendingSave: Gtk.Timer?
    /// A save after a change failed; the changes stay in memory and the next save retries.
    var onBackgroundSaveFailure: ((ItemStoreFileError) -> Void)?
    private var savedStore: ItemStore

    var hasUnsavedChanges: Bool { store != savedStore }

    init(file: ItemStoreFile) {
        self.file = file
        do {
            let result = try file.load()
            store = result.store
            loadNotice = result.notice
        } catch {
            store = ItemStore()
            loadNotice = error.message
        }
        savedStore = store
    }

    func update(_ change: (inout ItemStore) -> Void) {
        change(&store)
        pendingSave?.cancel()
        pendingSave = MainContext.after(Self.saveDelay) { [weak self] in self?.saveInBackground() }
    }

    /// Encodes and writes on a background thread (a large store takes tens of milliseconds to
    /// encode, too long for the main loop while the user works).
    private func saveInBackground() {
        guard hasUnsavedChanges else { return }
        let snapshot = store
        let file = file
        Task {
            let outcome = await Task.detached { () -> ItemStoreFileError? in
                do throws(ItemStoreFileError) { try file.save(snapshot); return nil } catch { return error }
            }.value
            if let outcome {
                self.onBackgroundSaveFailure?(outcome)
            } else {
                self.savedStore = snapshot
            }
        }
    }

    /// Saves now (window closing). Throws what the user must be told.
    func saveNow() throws(ItemStoreFileError) {
        pendingSave?.cancel()
        guard hasUnsavedChanges else { return }
        try file.save(store)
        savedStore = store
    }
}
