import Foundation
import Gtk
import StoreSearchCore

/// The bar at the bottom of the window while a preview plays or is paused (player-bar.ui): what
/// plays, Pause/Resume, Stop, and Next while Play All has a next track. The detail's controls
/// are for the item it shows; this one stays when the user goes elsewhere (issue #45: Play All
/// went on after Back with no way to stop it).
@MainActor
final class PlayerBar {
    /// player-bar.ui's objects, kept: a wrapper disconnects its handlers when it goes.
    let ui = PlayerBarOutlets()
    var revealer: Revealer { ui.playerBar }
    private let preview: PreviewController
    private let queue: PreviewQueue

    init(preview: PreviewController, queue: PreviewQueue) {
        self.preview = preview
        self.queue = queue
        ui.playerPauseButton.onClicked { [weak preview] in preview?.togglePause() }
        ui.playerStopButton.onClicked { [weak preview] in preview?.stop() }
        ui.playerNextButton.onClicked { [weak queue] in queue?.next() }
        // The queue's own changes (a new track, its end) are announced through the player too.
        preview.stateChanged.subscribe { [weak self] in self?.update() }
        update()
    }

    /// Shown while a preview loads, plays or is paused; hidden once stopped or failed.
    private func update() {
        let status = preview.status
        let isActive = status == .loading || status == .playing || status == .paused
        guard let item = preview.current, isActive else {
            revealer.isRevealed = false
            revealer.isVisible = false
            return
        }
        ui.playerTitle.text = item.name
        ui.playerArtist.text = item.artist ?? ""
        ui.playerArtist.isVisible = !(item.artist ?? "").isEmpty
        let isPaused = status == .paused
        let name = isPaused ? localized("Resume Playback") : localized("Pause Playback")
        ui.playerPauseButton.iconName = isPaused ? "media-playback-start-symbolic" : "media-playback-pause-symbolic"
        ui.playerPauseButton.setAccessibleLabel(name)
        ui.playerPauseButton.tooltip = name
        ui.playerNextButton.isVisible = queue.canGoNext
        revealer.isVisible = true
        revealer.isRevealed = true
    }
}
