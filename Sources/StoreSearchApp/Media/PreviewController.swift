import Foundation
import Gtk
import StoreSearchCore

/// Plays the 30–90 s preview the store gives songs, videos, movies, TV episodes and audiobooks:
/// Play/Pause in the detail (win.play-preview, Ctrl+P), a seek bar with position and length, the
/// picture for video previews. One plays at a time, streamed by GTK's media backend (one
/// connection, so within the artwork pipeline's per-host limits). A preview that cannot play
/// (missing, not media, no sound output, a server that drips) says so within `startLimit`.
@MainActor
package final class PreviewController {
    static let startLimit: Duration = .seconds(10)

    package enum Status: Equatable {
        case stopped, loading, playing, paused
        case failed(String)
    }

    /// preview-controls.ui's objects.
    let ui = PreviewControlsOutlets()
    var root: Box { ui.previewBox }
    var button: Button { ui.previewButton }
    private let video = Video()
    private let window: Window
    /// While the bundled catalog is on, no preview plays.
    private let offlineCatalog: OfflineCatalog
    /// Commits what is typed in the detail's fields (Ctrl+P acts on the open item like its other actions).
    private let commitTyping: @MainActor () -> Void
    /// The item the detail shows (what Play plays).
    private var shown: Item?
    /// What plays (or is paused), and its stream.
    private(set) var current: Item?
    package private(set) var stream: MediaStream?
    private var watchdog: Gtk.Timer?
    /// How long the preview now loading may take to start (Play All gives each track less).
    private var limit = PreviewController.startLimit
    private var isUpdatingScale = false
    package private(set) var status: Status = .stopped
    /// The stream a seek was asked of (its error, if one comes, is the server refusing it).
    private var seekedStream: MediaStream?
    /// Servers that sent a preview only whole, without byte ranges: GStreamer cannot jump within
    /// their previews (it fails the stream: "Could not perform seek on resource").
    private var hostsWithoutRanges: Set<String> = []

    /// The status, position or item changed (MPRIS follows).
    let stateChanged = Event<Void>()
    /// The preview of this item played to its end, or failed (a queue moves on).
    let finished = Event<Item>()
    /// Whether the stream playing now has reported its end (once per stream).
    private var hasReportedEnd = false
    private var hasWarnedOfLeak = false

    init(window: Window, commitTyping: @escaping @MainActor () -> Void, offlineCatalog: OfflineCatalog) {
        self.window = window
        self.commitTyping = commitTyping
        self.offlineCatalog = offlineCatalog
        video.setSizeRequest(width: -1, height: 200)
        video.expandsHorizontally = true
        ui.previewVideoSlot.append(video)
        window.addAction(.playPreview) { [weak self] in
            self?.commitTyping()
            self?.playOrPause()
        }
        ui.previewAdjustment.onValueChanged { [weak self] in
            guard let self, !self.isUpdatingScale else { return }
            self.seek(to: Int64(self.ui.previewAdjustment.value * 1_000_000))
        }
        show(nil)
    }

    /// The detail now shows `item`: the controls are for its preview (another one may go on playing).
    func show(_ item: Item?) {
        shown = item
        let url = item?.result.previewURL.flatMap { WebLink.web($0) }
        // The bundled catalog's preview links lead nowhere: update() says so at once, with Play disabled.
        ui.previewBox.isVisible = url != nil
        if url != nil, !offlineCatalog.isOn {  // Play may come next
            MediaStream.preloadBackend { loaded in
                if !loaded { Log.warning(LogDomain.app, "GStreamer could not be loaded ahead of Play") }
            }
        }
        update()
    }

    /// The shown item's preview, when it can play here (the bundled catalog's lead nowhere; one
    /// that was playing before the switch to it can still be paused).
    private var shownPreview: URL? {
        guard let item = shown, let url = item.result.previewURL.flatMap({ WebLink.web($0) }) else { return nil }
        let isItsStream = item.id == current?.id && stream != nil
        return !offlineCatalog.isOn || isItsStream ? url : nil
    }

    /// Ctrl+P or the button: the shown item's preview plays, or pauses if it is playing; an item
    /// without one pauses or resumes whatever plays (Play All goes on after Back).
    func playOrPause() {
        guard let item = shown, let url = item.result.previewURL.flatMap({ WebLink.web($0) }),
            shownPreview != nil || current?.id == item.id
        else { return togglePause() }
        if stream != nil, current?.id == item.id, status != .stopped, !isFailed { return togglePause() }
        stop()
        current = item
        if offlineCatalog.isOn {  // an item shown before the switch to the offline catalog
            status = .failed(localized("Previews are not available in the offline catalog."))
            return changed()
        }
        start(url, of: item, playing: true)
    }

    /// Plays `item`'s preview from its start, whatever the detail shows (Play All Previews), failing
    /// it when it has not started within `limit`; false when it has none that can play here.
    @discardableResult
    func play(_ item: Item, within limit: Duration = PreviewController.startLimit) -> Bool {
        guard let url = item.result.previewURL.flatMap({ WebLink.web($0) }), !offlineCatalog.isOn else { return false }
        stop(announcing: false)  // the next one follows at once: MPRIS keeps its name, the Shell its controls
        current = item
        self.limit = limit
        start(url, of: item, playing: true)
        return true
    }

    /// A new stream of `url` from its start, playing or paused there.
    private func start(_ url: URL, of item: Item, playing: Bool) {
        let started = MediaStream(uri: url.absoluteString)
        stream = started
        hasReportedEnd = false
        status = playing ? .loading : .paused
        started.onChange { [weak self, weak started] in
            guard let self, let started, started === self.stream else { return }
            self.streamChanged()
        }
        if playing {
            started.play()
            watchStart()
        }
        ui.previewVideoSlot.isVisible = Self.isVideo(item)
        video.show(Self.isVideo(item) ? started : nil)
        changed()
    }

    /// Fails the preview loading if it has not started within `limit`.
    private func watchStart() {
        watchdog?.cancel()
        watchdog = MainContext.after(limit) { [weak self] in
            guard let self, self.status == .loading else { return }
            self.fail(
                self.limit == Self.startLimit
                    ? localized("The preview did not start within 10 seconds.")
                    : localized("The preview did not start in time."))
        }
    }

    /// Stops whatever plays (another item's Play, its item hidden, the window closing);
    /// `announcing`: tell the followers (not when another preview starts at once).
    package func stop(announcing: Bool = true) {
        watchdog?.cancel()
        seekedStream = nil
        stream.map(release)
        stream = nil
        video.show(nil)
        ui.previewVideoSlot.isVisible = false
        let wasActive = current != nil
        current = nil
        limit = Self.startLimit
        status = .stopped
        if wasActive && announcing { changed() }
    }

    /// The item with `id` was hidden or forgotten: its preview stops.
    func itemWentAway(_ id: String) {
        if current?.id == id { stop() }
    }

    /// Pauses what plays; one still loading waits paused (MPRIS says Paused, not Playing).
    func pause() {
        guard let stream else { return }
        if status == .playing { return stream.pause() }
        guard status == .loading else { return }
        watchdog?.cancel()
        stream.pause()
        status = .paused
        changed()
    }

    /// Plays on; a preview paused before it started loads again, within its limit.
    func resume() {
        guard let stream, status == .paused else { return }
        let hadStarted = stream.hasEnded || stream.position > 0
        stream.play()
        guard !hadStarted else { return }
        status = .loading
        watchStart()
        changed()
    }

    /// Pauses what plays or loads, or plays on what is paused.
    func togglePause() {
        if status == .playing || status == .loading { pause() } else { resume() }
    }

    /// Seconds into the preview, and its length (0 while unknown).
    package var position: Int64 { stream?.position ?? 0 }
    var duration: Int64 { stream?.duration ?? 0 }

    /// Whether the preview playing can jump to a point (not from a server without byte ranges).
    var canSeek: Bool {
        guard let stream, stream.isSeekable, stream.duration > 0 else { return false }
        return !hostsWithoutRanges.contains(currentHost ?? "")
    }

    func seek(to microseconds: Int64) {
        guard let stream, canSeek else { return }
        seekedStream = stream
        stream.seek(to: max(0, min(microseconds, stream.duration)))
    }

    private var currentHost: String? { current?.result.previewURL?.host }

    private var isFailed: Bool { if case .failed = status { true } else { false } }

    private func streamChanged() {
        guard let stream else { return }
        if let message = stream.errorMessage {
            if stream === seekedStream, let item = current,
                let url = item.result.previewURL.flatMap({ WebLink.web($0) })
            {
                // Issue #30: the server sends the preview only whole, and GStreamer fails the stream
                // on a seek. It plays on from the start instead of being dropped, and the seek bar
                // (and MPRIS) stop offering to jump within this server's previews.
                Log.message(LogDomain.app, "Preview of \(item.id) cannot seek (\(message)); playing it from the start")
                hostsWithoutRanges.insert(url.host ?? "")
                let wasPlaying = status == .playing || status == .loading
                seekedStream = nil
                release(stream)
                return start(url, of: item, playing: wasPlaying)
            }
            if hasReportedEnd {
                // It played to its end; GStreamer's rewind after it asks for a byte range, which a
                // server that sends previews only whole refuses. Played again, it starts anew.
                Log.message(LogDomain.app, "Preview of \(current?.id ?? "?") ended; the rewind failed: \(message)")
                hostsWithoutRanges.insert(currentHost ?? "")
                release(stream)
                self.stream = nil
                status = .stopped
                return changed()
            }
            Log.warning(LogDomain.app, "Preview of \(current?.id ?? "?") failed: \(message)")
            return fail(localized("This preview cannot be played."))
        }
        if stream.hasEnded {
            status = .paused
            if !hasReportedEnd, let item = current {
                hasReportedEnd = true
                changed()
                return finished.send(item)
            }
        } else if stream.isPlaying && stream.isPrepared && stream.position > 0 {
            status = .playing
            watchdog?.cancel()
        } else if !stream.isPlaying && status == .playing {
            status = .paused
        }
        changed()
    }

    private func fail(_ message: String) {
        watchdog?.cancel()
        stream.map(release)
        stream = nil
        video.show(nil)
        ui.previewVideoSlot.isVisible = false
        status = .failed(message)
        changed()
        if let item = current { finished.send(item) }
    }

    /// Closes `stream` for good; says once in the log when its player may live on (issue #34:
    /// each one left its threads and sound stream behind, and after about 47 nothing played).
    private func release(_ stream: MediaStream) {
        if !stream.close() && !hasWarnedOfLeak {
            hasWarnedOfLeak = true
            Log.warning(
                LogDomain.app,
                "The media backend is not the one expected (GTK 4.8 with GStreamer): closed previews may keep their threads"
            )
        }
    }

    private func changed() {
        update()
        stateChanged.send()
    }

    /// Ctrl+P plays the shown item's preview, or pauses and resumes another that is loaded.
    private func updateAction() {
        window.setActionEnabled(.playPreview, shownPreview != nil || (stream != nil && !isFailed))
    }

    /// The controls show the shown item's preview: playing, paused, failed, or ready to play.
    private func update() {
        updateAction()
        let isCurrent = shown != nil && shown?.id == current?.id
        let playing = isCurrent && (status == .playing || status == .loading)
        let name = playing ? localized("Pause Preview") : localized("Play Preview")
        ui.previewButton.iconName = playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic"
        ui.previewButton.setAccessibleLabel(name)
        ui.previewButton.tooltip = name
        if isCurrent, case .failed(let message) = status {
            ui.previewMessage.text = message
            ui.previewMessage.isVisible = true
        } else if shown != nil, offlineCatalog.isOn {
            ui.previewMessage.text = localized("Previews are not available in the offline catalog.")
            ui.previewMessage.isVisible = true
        } else {
            ui.previewMessage.isVisible = false
        }
        let duration = isCurrent ? Double(self.duration) / 1_000_000 : 0
        let position = isCurrent ? Double(self.position) / 1_000_000 : 0
        isUpdatingScale = true
        ui.previewAdjustment.upper = max(duration, 1)
        ui.previewAdjustment.value = position
        isUpdatingScale = false
        ui.previewScale.isSensitive = isCurrent && canSeek
        let cannotSeek = isCurrent && hostsWithoutRanges.contains(currentHost ?? "")
        ui.previewScale.tooltip =
            cannotSeek
            ? localized("This preview plays only from its start: its server cannot jump to a point in it.") : nil
        let clock = { (seconds: Double) in StoreDetails.duration(milliseconds: Int(seconds * 1000)) }
        ui.previewTime.text = duration > 0 ? "\(clock(position)) / \(clock(duration))" : clock(position)
    }

    private static func isVideo(_ item: Item) -> Bool {
        switch item.result.kind {
        case .movie, .musicVideo, .tvEpisode: true
        default: item.result.previewURL?.pathExtension.lowercased() == "m4v"
        }
    }
}
