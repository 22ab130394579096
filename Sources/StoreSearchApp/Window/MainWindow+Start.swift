import Gtk
import StoreSearchCore

/// What the window says and does as it starts: the read-only and no-network notices, the search
/// or link of the command line, and the user's items once their file is read.
extension MainWindow {
    func showStart() {
        detail.show(nil)
        if environment.options.offline { search.useOfflineCatalog(searching: false) }
        // Until the user's items are read, the form cannot show their notes or names: typing
        // there would write over them unseen (Hide, Keep and the like wait for the items).
        if items.isLoaded { itemsLoaded() } else { detail.isEditable = false }
        if items.isReadOnly {
            detail.isEditable = false
            itemActions.isEditable = false
            notices.show(
                localized(
                    "StoreSearch is already open with your items, so this window is read-only: nothing you do here is saved."
                ),
                lasting: true)
            Log.message(
                LogDomain.app, "Another process holds \(environment.paths.dataDirectory.path); items are read-only")
        }
        if !environment.options.offline && !environment.isNetworkAvailable {
            notices.show(
                localized("No network connection. The iTunes Store cannot be searched."),
                button: localized("Use Offline Catalog"),
                lasting: true
            ) { [weak self] in
                self?.search.useOfflineCatalog(searching: self?.search.lastQuery != nil)
            }
        }
        if let link = environment.options.storeLink {
            search.open(link)
        } else if let term = environment.options.searchTerm {
            search.start(term: term, category: environment.options.category)
        }
    }

    /// The item file was read (in the background, after the window showed): the results, My
    /// Items and the open item follow the user's items, and what reading found is said.
    func itemsLoaded() {
        if let notice = items.loadNotice { notices.show(notice, lasting: true) }
        detail.isEditable = !items.isReadOnly
        results.followStore()
        myItems.itemsLoaded()
        if let item = detail.item { detail.show(items.store.item(for: item.result)) }
        prices.start()  // once: a window opened on the running service changes nothing
    }
}
