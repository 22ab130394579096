import Adw
import Gtk

/// The open item's name in the detail's header bar. Side by side it asks for the width of five
/// characters whatever the name and fills the room the header has: a name's whole width (what
/// an AdwWindowTitle asks for) widened the detail pane, so the divider moved as the arrow keys
/// went through short and long names (issue #30). Folded, the pane is as wide as the window
/// anyway: it asks for the whole name and gets the room beside the header's buttons (filling,
/// it would only get the room that keeps it centered between them).
@MainActor
final class DetailTitle {
    /// What it asks for side by side, in characters (also its narrowest).
    private static let sideBySideChars = 5

    private let label: Label
    private let leaflet: Leaflet

    init(label: Label, leaflet: Leaflet) {
        self.label = label
        self.leaflet = leaflet
        leaflet.onNotify("folded") { [weak self] in self?.followFolding() }
        followFolding()
    }

    /// The name shown (empty: none open); the tooltip has it whole.
    var text: String {
        get { label.text }
        set {
            label.text = newValue
            label.tooltip = newValue.isEmpty ? nil : newValue
        }
    }

    private func followFolding() {
        label.maximumWidthChars = leaflet.isFolded ? nil : Self.sideBySideChars
        label.expandsHorizontally = !leaflet.isFolded
    }
}
