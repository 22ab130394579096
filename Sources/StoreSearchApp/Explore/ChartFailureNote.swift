import Foundation
import Gtk
import StoreSearchCore

/// Charts that failed for the same reason, said once on the Explore page (chart-failure-note.ui)
/// where the first of them would be: what a search's failure says (its title as a heading, the
/// explanation below), which charts are missing, and Retry where that can help. Each section
/// saying it again repeated one message down the page.
@MainActor
final class ChartFailureNote {
    let ui = ChartFailureNoteOutlets()
    var root: Box { ui.chartFailureNote }

    init(failure: SearchFailure, charts: [Chart], retry: @escaping @MainActor () -> Void) {
        ui.noteTitleLabel.text = failure.title
        ui.noteMessageLabel.text = failure.message
        ui.noteChartsLabel.text = String(
            format: localized("Not loaded: %@"), charts.map(\.title).joined(separator: ", "))
        ui.noteRetryButton.isVisible = failure.isWorthRetrying
        ui.noteRetryButton.onClicked { retry() }
    }
}
