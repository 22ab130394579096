import Gtk
import StoreSearchCore

/// Where the keyboard goes in the window: an item opened (Enter, a double click) focuses its page,
/// F2 its Name field, typing on its page the list's search field; F6 between the list and the
/// detail; the list on screen and its field.
extension MainWindow {
    /// Enter or a double click on an item: its detail, with the focus on its page, not in a field
    /// (GNOME Software, Contacts): typing then searches again, and renaming is F2 or a click.
    func openItem() {
        layout.showDetail()
        focusDetail()
    }

    /// The detail's first control that the accessibility bus reports (its Keep star): GTK 4.8
    /// does not report the focus inside an AdwEntryRow (the Name field), so a screen reader said
    /// nothing (issue #30). Tab goes on into the form.
    func focusDetail() {
        if !keepButton.isSensitive || !keepButton.grabFocus() { detail.ui.nameEntry.grabFocus() }
    }

    /// F2: the open item's Name field, its text selected to be typed over (as Nautilus renames).
    func renameItem() {
        guard detail.item != nil else { return }
        layout.showDetail()
        detail.ui.nameEntry.grabFocus()
    }

    /// A character typed on the open item's page outside its fields goes to the search field of
    /// the list beside it, as typing on a row does: a new search (on My Items, its filter).
    func typeIntoSearch(_ character: Character) -> Bool {
        if layout.isFolded { layout.goBack(byKeyboard: true) }
        let field = shownList.searchField
        field.text = String(character)
        field.grabFocus()
        field.moveCursorToEnd()  // focus selects all; the next key must not replace it
        return true
    }

    /// The list on screen (the results, or My Items) and the field that searches or filters it.
    var shownList: (views: ItemViews, searchField: SearchEntry, select: (Int?) -> Void) {
        myItems.isShowingMyItems
            ? (myItems.page.views, myItems.page.filterEntry, myItems.page.select)
            : (results.views, searchEntry, results.select)
    }

    /// Focuses the selected row (or the first) of the list on screen; its search field when it
    /// has no rows.
    func focusList(deselecting: Bool) {
        let list = shownList
        let index = list.views.selection.selectedIndex
        if deselecting { list.select(nil) }
        if !list.views.focus(at: index ?? 0) { list.searchField.grabFocus() }
    }

    /// F6: from the list (or its search field) to the open item's detail, and back to the
    /// selected row; folded, the pane slides in or out as well. With no item open, from the
    /// search field to the rows (it did nothing, though the shortcuts window lists it).
    func switchPane() {
        if layout.detailContent.containsFocus {
            // Folded, going back slides the list in, and that focuses it (returnedToResults).
            if layout.isFolded { layout.goBack(byKeyboard: true) } else { focusList(deselecting: false) }
        } else if detail.item != nil {
            layout.showDetail()
            focusDetail()
        } else {
            focusList(deselecting: false)
        }
    }

    /// Type-to-search, Tab out of the lists, Down into them, Ctrl+F and F6.
    func connectKeyboard() {
        // Type-to-search: typing while the results have focus starts a new term in the search
        // entry. This runs before the entry's own capture: it empties the old term, so the
        // forwarded key starts a search ("search-started"), which moves focus to the entry.
        resultsStack.onKeyPressedBeforeChildren { [weak self] keyval, modifiers in
            guard let self, !self.searchEntry.containsFocus, Keys.isText(keyval, modifiers) else { return false }
            self.search.setTerm("")
            return false
        }
        searchEntry.captureKeys(from: resultsStack)
        // GTK 4.8's lists take Tab from row to row (tab-behavior came in 4.12), so 200 results
        // took 200 presses to leave: Shift+Tab goes back to the list's search field, and Tab on
        // to the open item's detail where it is beside the list (folded, the list is all there
        // is, and Tab goes on from row to row).
        window.onKeyPressedBeforeChildren { [weak self] keyval, modifiers in
            guard let self, let tab = Keys.tabDirection(keyval, modifiers) else { return false }
            let list = self.shownList
            guard list.views.visibleView.containsFocus else { return false }
            if tab == .backward { return list.searchField.grabFocus() }
            return self.detail.item != nil && self.layout.isShowingDetail && self.detail.ui.detailStack.childFocus()
        }
        searchEntry.onSearchStarted { [weak self] in
            guard let self, !self.searchEntry.containsFocus else { return }
            self.searchEntry.grabFocus()
            self.searchEntry.moveCursorToEnd()  // focus selects all; the next key must not replace it
        }
        searchEntry.onKeyPressedBeforeChildren { [weak self] keyval, _ in
            guard keyval == Keys.down, let self else { return false }
            switch self.search.visiblePage {
            case .results: return self.results.focusFirst()
            case .hint: return self.explore.focusFirst()  // into the charts
            default: return false
            }
        }
        // Ctrl+F: the search field of the page on screen (on My Items, its filter), its text
        // selected so typing replaces it, also when it had the focus already (as GNOME's apps do).
        window.addAction(.focusSearch) { [weak self] in
            guard let self else { return }
            if self.layout.isFolded { self.layout.goBack(byKeyboard: true) }
            let field = self.shownList.searchField
            field.grabFocus()
            field.selectAll()
        }
        window.addAction(.switchPane) { [weak self] in self?.switchPane() }
        window.addAction(.renameItem) { [weak self] in self?.renameItem() }
        // Keys no control of the open item's page took (its fields take their typing).
        layout.detailContent.onKeyPressed { [weak self] keyval, modifiers in
            guard let self, let character = Keys.typedCharacter(keyval, modifiers) else { return false }
            return self.typeIntoSearch(character)
        }
    }

    /// A change can leave the focus on a control it disabled or hid (Hide, Undo, Redo of the
    /// only result left it on the disabled Hide button): GTK then drops every key, Ctrl+Q too.
    /// The focus moves to the list on screen, or its search field.
    func keepFocusOnInput() {
        items.changed.subscribe { [weak self] _ in
            MainContext.after(.zero) { [weak self] in  // once the rows have followed the change
                guard let self, let focus = self.window.focusWidget, !focus.canReceiveInput else { return }
                self.focusList(deselecting: false)
                // nothing to focus: the window takes the keys
                if self.window.focusWidget?.canReceiveInput != true { self.window.clearFocus() }
            }
        }
    }
}
