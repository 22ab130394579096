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
}
