import Gtk
import StoreSearchCore

extension Item {
    /// What a screen reader says for a row or tile: name, artist, kind, price.
    func spokenLabel(price: String?) -> String {
        [name, artist ?? (result.kind == .artist ? nil : localized("Unknown")), result.kind.displayName, price]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// Names a row's or tile's `root` for screen readers and shows the whole name and artist on
    /// hover (long names are cut with "…"). The view's own focusable child around `root` is what
    /// takes focus and what screen readers announce; GTK 4.8 has no list item label (that came in
    /// 4.12), so it is named directly too.
    @MainActor
    func describe(on root: Widget, price: String?) {
        let tooltip = "\(name)\n\(artistAndKind)"
        let spoken = spokenLabel(price: price)
        for widget in [root, root.parent].compactMap({ $0 }) {
            widget.setAccessibleLabel(spoken)
            widget.deferredTooltip = tooltip
        }
    }
}
