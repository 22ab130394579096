import Foundation
import Gtk
import StoreSearchCore

/// The first item the user keeps offers, once, in its notice, to watch prices in the background
/// (`app.watch-in-background`): kept items are otherwise checked only while the window is open.
/// GSettings key `background-watch-offered` remembers that it was offered.
@MainActor
final class BackgroundWatchOffer {
    static let key = "background-watch-offered"

    private let application: Application
    private let settings: Settings?
    private let notices: NoticesController

    init(application: Application, settings: Settings?, notices: NoticesController) {
        self.application = application
        self.settings = settings
        self.notices = notices
    }

    /// An item was kept: the offer, unless it was made before or the switch is on (or missing).
    func itemKept(_ name: String) {
        guard let settings, !settings.bool(Self.key),
            application.boolActionState(BackgroundWatch.key) == false
        else { return }
        settings.setBool(Self.key, true)
        notices.show(
            String(format: localized("“%@” is kept: its price is checked while StoreSearch is open"), name),
            button: localized("Also When Closed")
        ) { [application] in
            // Flips the switch, as the main menu's item does.
            application.activateAction(BackgroundWatch.key)
        }
    }
}
