import Foundation
import Gtk
import StoreSearchCore

/// Play All Previews: an album's tracks played one after another through the preview player,
/// each when the one before ends (or cannot play), with Next and Previous for MPRIS. The queue
/// ends when the last has played, when the user plays another item's preview, or stops it.
@MainActor
final class PreviewQueue {
    /// A track that has not started within this is skipped: 30 that never start took the single
    /// preview's 10 s each (issue #45).
    static let startLimit: Duration = .seconds(3)

    private let preview: PreviewController
    /// The tracks to play, in order (those with a preview), and which one plays.
    private(set) var items: [Item] = []
    private(set) var index: Int?
    /// The track now played changed (nil: the queue ended); the results select it.
    let trackChanged = Event<Item?>()
    /// True while the queue itself switches tracks (the player stops the one before).
    private var isSwitching = false

    init(preview: PreviewController) {
        self.preview = preview
        preview.finished.subscribe { [weak self] item in
            guard let self, self.playingItem?.id == item.id else { return }
            if self.canGoNext { self.next() } else { self.end() }
        }
        // Another item's preview started, or the player stopped: the queue no longer plays.
        preview.stateChanged.subscribe { [weak self] in
            guard let self, !self.isSwitching, self.index != nil, self.preview.current?.id != self.playingItem?.id
            else { return }
            self.end()
        }
    }

    var isPlaying: Bool { index != nil }
    var playingItem: Item? { index.map { items[$0] } }
    var canGoNext: Bool { neighbour(1) != nil }
    var canGoPrevious: Bool { neighbour(-1) != nil }
    /// Tracks hidden since Play All began are skipped.
    var isHidden: (Item) -> Bool = { _ in false }

    /// Plays `tracks` (those with a preview) from the first; false when none has one.
    @discardableResult
    func playAll(_ tracks: [Item]) -> Bool {
        items = tracks.filter { $0.result.previewURL.flatMap { WebLink.web($0) } != nil }
        guard !items.isEmpty else { return false }
        play(at: 0)
        return true
    }

    func next() { if let position = neighbour(1) { play(at: position) } }
    func previous() { if let position = neighbour(-1) { play(at: position) } }

    /// The nearest track `step` away (1: after, -1: before) that is not hidden.
    private func neighbour(_ step: Int) -> Int? {
        guard let index else { return nil }
        var position = index + step
        while items.indices.contains(position) {
            if !isHidden(items[position]) { return position }
            position += step
        }
        return nil
    }

    private func play(at position: Int) {
        index = position
        isSwitching = true
        let started = preview.play(items[position], within: Self.startLimit)
        isSwitching = false
        guard started else { return end() }
        trackChanged.send(items[position])
        preview.stateChanged.send()  // MPRIS: Next and Previous may have changed with the track
    }

    private func end() {
        guard index != nil else { return }
        index = nil
        items = []
        trackChanged.send(nil)
        preview.stateChanged.send()
    }
}
