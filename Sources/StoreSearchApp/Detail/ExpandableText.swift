import Gtk
import StoreSearchCore

/// A long text in the detail (a description): its start, bounded so that selecting an item lays
/// out in milliseconds whatever the store sent, and Show More for the rest (then Show Less, so
/// the button a keyboard user pressed stays where it was).
@MainActor
final class ExpandableText {
    let label: Label
    let moreButton: Button
    /// The whole text (nil: none is shown).
    private(set) var text: String?
    private var start: String?
    private var isExpanded = false {
        didSet {
            label.text = (isExpanded ? nil : start) ?? text ?? ""
            moreButton.label = isExpanded ? localized("Show Less") : localized("Show More")
        }
    }

    init(label: Label, moreButton: Button) {
        self.label = label
        self.moreButton = moreButton
        // Tab passes the text on its way out of Notes: it takes the focus without selecting all of
        // it, which GTK does by default for every selectable label of the display.
        DisplaySettings.labelsSelectOnFocus = false
        moreButton.onClicked { [weak self] in self?.isExpanded.toggle() }
    }

    /// Shows the start of `text` (nil: hides it all).
    func show(_ text: String?) {
        self.text = text.map { TextBounds.breakable($0) }
        start = text.flatMap(TextBounds.start(of:)).map { TextBounds.breakable($0) }
        isExpanded = false
        label.isVisible = text != nil
        moreButton.isVisible = start != nil
    }
}
