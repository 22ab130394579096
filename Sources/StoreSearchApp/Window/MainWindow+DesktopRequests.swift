import Foundation
import Gtk
import StoreSearchCore

/// What the desktop asks of the open window: a second launch's command line, a result or a search
/// from GNOME Shell's overview, text dropped on the window. Each shows the Search or My Items page
/// as it needs, whatever page was open.
extension MainWindow {
    /// A second `storesearch` sent its command line: run its search here. Options that only
    /// apply when the app starts are reported on that launch's standard error.
    func handleSecondLaunch(_ commandLine: ApplicationCommandLine) {
        let apiBase = commandLine.environment("STORESEARCH_API_BASE")
        for message in handleSecondLaunch(arguments: commandLine.arguments, apiBaseVariable: apiBase) {
            commandLine.printError("storesearch: \(message)\n")
        }
    }

    /// Returns what to tell the second launch.
    func handleSecondLaunch(arguments: [String], apiBaseVariable: String? = nil) -> [String] {
        let parsed = Result { () throws(LaunchOptionsError) in
            try LaunchOptions.parse(arguments, environment: apiBaseVariable.map { ["STORESEARCH_API_BASE": $0] } ?? [:])
        }
        guard case .success(.run(let options)) = parsed else { return [] }  // checked by the launch itself
        var messages: [String] = []
        let ignored = [
            options.apiBase != LaunchOptions.defaultAPIBase ? "--api-base" : nil,
            options.offline && !environment.offlineCatalog.isOn ? "--offline" : nil,
            options.country != nil ? "--country" : nil,
        ].compactMap { $0 }
        if !ignored.isEmpty {
            let options = ignored.joined(separator: localized(" and "))
            messages.append(
                String(
                    format: ignored.count == 1
                        ? localized(
                            "StoreSearch is already running; %@ only applies when it starts and was ignored. Close it and launch again to use it."
                        )
                        : localized(
                            "StoreSearch is already running; %@ only apply when it starts and were ignored. Close it and launch again to use them."
                        ),
                    options))
        }
        if let link = options.storeLink {
            open(link)
        } else if let term = options.searchTerm {
            searchFor(term, in: options.category)
        }
        return messages
    }

    /// A result picked in GNOME Shell's overview: one of My Items opens there, a store result
    /// alone in the search results; either way its detail shows.
    func showFromOverview(_ result: SearchResult, isMine: Bool) {
        if isMine {
            myItems.showPage(myItems: true)
            myItems.page.filter = .all
            myItems.page.filterEntry.text = ""
            myItems.page.pageShown()
            if myItems.page.select(id: result.id) { detail.show(myItems.page.selected?.item) }
        } else if result.kind == .artist, BrowseTarget.artist(of: result) != nil {
            myItems.showPage(myItems: false)
            if layout.isFolded { layout.goBack() }
            browse.openArtist(result)  // the artist's page, not their record alone
            return
        } else {
            myItems.showPage(myItems: false)
            search.setTerm("")  // the row shown is the one picked, not what the entry last searched for
            search.showOpened(result)
        }
        layout.showDetail()
    }

    /// Opens the store's item `link` names, looked up in the store, on the Search page.
    func open(_ link: StoreLink) {
        myItems.showPage(myItems: false)
        // An item shown alone empties the search field (it was not found for the term there);
        // an artist's page keeps the search the user came from.
        search.open(link, clearingEntry: true)
    }

    /// A result picked in the overview that this process never answered (it was answered by an
    /// earlier one, which quit) and that is none of the user's records: looked up in the store.
    func showFromOverview(storeItemID id: String) {
        guard let link = StoreLink(itemID: id) else {
            return Log.message(LogDomain.app, "The overview picked \(id), which names no item of the store")
        }
        open(link)
    }

    /// Text dropped on the window is what pasting it in the search field does: a store link opens
    /// its item (any other link is refused with a message), other text is searched for.
    func textDropped(_ text: String) -> Bool {
        guard let line = text.split(whereSeparator: \.isNewline).first?.trimmingCharacters(in: .whitespaces),
            !line.isEmpty
        else { return false }
        myItems.showPage(myItems: false)
        if layout.isFolded { layout.goBack() }
        search.setTerm(line)
        search.runSearch()
        return true
    }

    /// The overview's "search in the app": the terms searched in all categories.
    func searchFromOverview(_ term: String) { searchFor(term, in: .all) }

    /// A search asked for from outside the window (a second launch, the overview), shown on the
    /// Search page whatever page was open.
    private func searchFor(_ term: String, in category: Category) {
        myItems.showPage(myItems: false)
        if layout.isFolded { layout.goBack() }
        search.start(term: term, category: category)
    }
}
