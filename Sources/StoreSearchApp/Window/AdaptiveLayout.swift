import Adw
import Gtk

/// Results and detail side by side, or, below about 720 px (the two panes' minimum widths),
/// one at a time: opening a result slides to the detail, and Back, Alt+Left or Escape slide
/// back to the results.
@MainActor
final class AdaptiveLayout {
    /// The leaflet's panes, as main-window.ui names them.
    enum Pane: String, CaseIterable { case results, detail }

    let leaflet: Leaflet
    let backButton: Button
    private let detailPane: Box

    /// The user asked for the results: `slid` when a folded window slid back to them (Back,
    /// Alt+Left, Escape, F6, a swipe), false side by side (Escape in the form); `byKeyboard`
    /// when a key did it.
    let returnedToResults = Event<(slid: Bool, byKeyboard: Bool)>()
    private var isGoingBackByKeyboard = false
    /// Back a browsed page; false when there is none.
    var browseBack: () -> Bool = { false }

    init(leaflet: Leaflet, backButton: Button, detailPane: Box) {
        self.leaflet = leaflet
        self.backButton = backButton
        self.detailPane = detailPane
        backButton.onClicked { [weak self] in self?.goBack() }
        detailPane.addShortcut("Escape") { [weak self] in self?.goBack(byKeyboard: true) ?? false }
        // Side by side, Alt+Left in the detail goes back a browsed page when there is one.
        detailPane.addShortcut("<Alt>Left") { [weak self] in
            guard let self else { return false }
            return !self.isFolded && self.browseBack() || self.goBack(byKeyboard: true)
        }
        // Narrowing the window while editing keeps the user on the form they are typing in
        // (folding would otherwise show the leaflet's visible child, the results).
        leaflet.onNotify("folded") { [weak self] in
            guard let self, self.leaflet.isFolded, self.detailPane.containsFocus else { return }
            self.leaflet.show(Pane.detail)
        }
        // A swipe back (touch) goes through the leaflet itself.
        leaflet.onVisibleChildChanged { [weak self] in
            guard let self, self.leaflet.isFolded, self.leaflet.visible(Pane.self) == .results else { return }
            self.returnedToResults.send((true, self.isGoingBackByKeyboard))
        }
    }

    var detailContent: Box { detailPane }
    var isFolded: Bool { leaflet.isFolded }
    /// Whether the detail pane is on screen (always, unless folded onto the results).
    var isShowingDetail: Bool { !leaflet.isFolded || leaflet.visible(Pane.self) == .detail }

    /// Slides to the detail when folded (when not, it is already in view).
    func showDetail() {
        if leaflet.isFolded { leaflet.show(Pane.detail) }
    }

    /// Back to the results (the visible-child change reports it when folded).
    @discardableResult
    func goBack(byKeyboard: Bool = false) -> Bool {
        if leaflet.isFolded, leaflet.visible(Pane.self) == .detail {
            isGoingBackByKeyboard = byKeyboard
            leaflet.show(Pane.results)
            isGoingBackByKeyboard = false
        } else {
            returnedToResults.send((false, byKeyboard))
        }
        return true
    }
}
