import Gtk

/// The window's actions (`win.NAME`), the one list the handlers, the enabled states, the
/// accelerators and the `.ui` files' `action-name`s refer to; a test checks that every name a
/// `.ui` file uses is one of these and is added to the window.
enum WindowAction: String, CaseIterable {
    // The window (WindowActions, UndoActions, MainWindow: focus-search and switch-pane)
    case focusSearch = "focus-search", switchPane = "switch-pane", close, about, showHelpOverlay = "show-help-overlay"
    case undo, redo
    // The open item (ItemActions, PreviewController)
    case hideItem = "hide-item", revertItem = "revert-item", markUnvisited = "mark-unvisited", viewInStore =
        "view-in-store"
    case keep, playPreview = "play-preview", renameItem = "rename-item", watchHere = "watch-here"
    // The results (ResultsController) and My Items (MyItemsController, MyItemsPage)
    case viewMode = "view-mode", sort
    case showSearch = "show-search", showMyItems = "show-my-items", myItemsSort = "my-items-sort"
    case restoreItem = "restore-item", removeItem = "remove-item", hiddenItems = "hidden-items", export
    // Browsing from an item (BrowseController) and playing an album's previews (PreviewQueue)
    case moreByArtist = "more-by-artist", showTracks = "show-tracks", browseBack = "browse-back", playAllPreviews =
        "play-all-previews"
    // Price drops (PriceDropNotifier): My Items showing them, and whether to be notified of them
    case priceDrops = "price-drops", notifyPriceDrops = "notify-price-drops"

    /// As accelerators and `.ui` files name it.
    var detailedName: String { "win.\(rawValue)" }
}

extension Window {
    func addAction(_ action: WindowAction, _ handler: @escaping @MainActor () -> Void) {
        addAction(action.rawValue, handler)
    }

    func addBoolAction(_ action: WindowAction, state: Bool, _ handler: @escaping @MainActor (Bool) -> Void) {
        addBoolAction(action.rawValue, state: state, handler)
    }

    func addStringAction(_ action: WindowAction, state: String, _ handler: @escaping @MainActor (String) -> Void) {
        addStringAction(action.rawValue, state: state, handler)
    }

    func setActionEnabled(_ action: WindowAction, _ enabled: Bool) { setActionEnabled(action.rawValue, enabled) }

    func setActionState(_ action: WindowAction, _ state: Bool) { setActionState(action.rawValue, state) }
}
