import CGtk

extension DropDown {
    /// GtkDropDown's inner toggle button is what takes focus, and GTK 4.8 names it by its class
    /// ("GtkToggleButton"). This names it `name` and the current choice ("Category, Music"),
    /// kept up to date as the choice changes.
    public func nameButton(_ name: String) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child, shim_is_a(UnsafeMutableRawPointer(current), gtk_toggle_button_get_type()) == 0 {
            child = gtk_widget_get_next_sibling(current)
        }
        guard let child else { return }
        let button = Widget(retaining: child)
        // The button shows the choice in a list row that GTK 4.8 makes focusable and names by
        // its class ("GtkListItemWidget"); the button is what takes focus.
        var inner = gtk_widget_get_first_child(child)
        while let current = inner {
            gtk_widget_set_focusable(current, 0)
            Widget(retaining: current).unfocusDescendants()
            inner = gtk_widget_get_next_sibling(current)
        }
        let update: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            let items = self.items
            let index = self.selectedIndex
            button.setAccessibleLabel(items.indices.contains(index) ? "\(name), \(items[index])" : name)
        }
        update()
        onSelectionChanged(update)
    }
}

extension Widget {
    /// Names every GtkListBox in this widget's tree `name` (GTK 4.8 names an unnamed boxed list
    /// "GtkListBox" on the accessibility bus).
    public func nameListBoxes(_ name: String) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            let descendant = Widget(retaining: current)
            if shim_is_a(UnsafeMutableRawPointer(current), gtk_list_box_get_type()) != 0 {
                descendant.setAccessibleLabel(name)
            }
            descendant.nameListBoxes(name)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    fileprivate func unfocusDescendants() {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            gtk_widget_set_focusable(current, 0)
            Widget(retaining: current).unfocusDescendants()
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Makes every GtkScrolledWindow in this widget's tree unfocusable: their contents take
    /// focus, and GTK 4.8 put the panes themselves (those inside AdwStatusPage too) on the
    /// accessibility bus as focusable and nameless.
    public func unfocusScrolledWindows() {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if shim_is_a(UnsafeMutableRawPointer(current), gtk_scrolled_window_get_type()) != 0 {
                gtk_widget_set_focusable(current, 0)
            }
            Widget(retaining: current).unfocusScrolledWindows()
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Names the labels inside every widget of `container` type in this tree by their text
    /// (GTK 4.8 reports AdwStatusPage's title and description as focusable labels named
    /// "GtkLabel").
    public func nameLabels(inside container: GType) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            let descendant = Widget(retaining: current)
            if shim_is_a(UnsafeMutableRawPointer(current), container) != 0 {
                descendant.nameLabelsByText()
            } else {
                descendant.nameLabels(inside: container)
            }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Names every label in this widget's tree by its text (again after the text changes).
    public func nameLabelsByText() {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if shim_is_a(UnsafeMutableRawPointer(current), gtk_label_get_type()) != 0,
                let text = gtk_label_get_text(OpaquePointer(current))
            {
                Widget(retaining: current).setAccessibleLabel(String(cString: text))
            }
            Widget(retaining: current).nameLabelsByText()
            child = gtk_widget_get_next_sibling(current)
        }
    }
}
