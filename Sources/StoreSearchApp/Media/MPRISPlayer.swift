import Foundation
import Gtk
import StoreSearchCore

/// The preview as a media player of the desktop (MPRIS): while one is loaded, the app owns
/// `org.mpris.MediaPlayer2.storesearch` with `/org/mpris/MediaPlayer2`, so GNOME Shell's media
/// controls and the keyboard's media keys show and drive it; changes are announced with
/// PropertiesChanged.
@MainActor
final class MPRISPlayer {
    static let busName = "org.mpris.MediaPlayer2.storesearch"
    static let path = "/org/mpris/MediaPlayer2"
    private static let rootInterface = "org.mpris.MediaPlayer2"
    private static let playerInterface = "org.mpris.MediaPlayer2.Player"

    private let connection: OpaquePointer
    private let preview: PreviewController
    /// Play All Previews: Next and Previous go through its tracks.
    private let queue: PreviewQueue
    private let artwork: MPRISArtwork
    private var root: DBusObject?
    private var player: DBusObject?
    private var nameOwner: BusNameOwner?
    /// What was last announced (status, item, whether its length was known): the position is not
    /// announced, clients ask for it.
    private var announced = ""
    /// Raise: bring the window forward.
    let raiseRequested = Event<Void>()

    init?(connection: OpaquePointer?, preview: PreviewController, queue: PreviewQueue, artwork: ArtworkLoader) {
        guard let connection else { return nil }
        self.connection = connection
        self.preview = preview
        self.queue = queue
        self.artwork = MPRISArtwork(loader: artwork)
        preview.stateChanged.subscribe { [weak self] in self?.update() }
        self.artwork.changed.subscribe { [weak self] in self?.update() }
    }

    /// The preview's state changed: own the name while something is loaded, announce the rest.
    func update() {
        artwork.show(preview.current)
        guard preview.current != nil else { return release() }
        if nameOwner == nil { export() }
        let state =
            "\(playbackStatus) \(preview.current?.id ?? "") \(preview.duration > 0) \(queue.canGoNext) \(queue.canGoPrevious) \(artwork.file?.path ?? "")"
        guard state != announced else { return }
        announced = state
        player?.emitPropertiesChanged(
            interface: Self.playerInterface,
            [
                ("PlaybackStatus", .string(playbackStatus)), ("Metadata", metadata),
                ("CanSeek", .bool(preview.canSeek)),
                ("CanGoNext", .bool(queue.canGoNext)), ("CanGoPrevious", .bool(queue.canGoPrevious)),
            ])
    }

    private func export() {
        root = DBusObject(
            connection: connection, path: Self.path, introspectionXML: Self.interfaceXML, interface: Self.rootInterface,
            handler: { [weak self] call in self?.handleRoot(call) },
            property: { [weak self] name in self?.rootProperty(name) })
        player = DBusObject(
            connection: connection, path: Self.path, introspectionXML: Self.interfaceXML,
            interface: Self.playerInterface,
            handler: { [weak self] call in self?.handlePlayer(call) },
            property: { [weak self] name in self?.playerProperty(name) })
        nameOwner = BusNameOwner(connection: connection, name: Self.busName)
    }

    private func release() {
        nameOwner = nil
        root?.unregister()
        player?.unregister()
        root = nil
        player = nil
        announced = ""
    }

    /// What the desktop shows: a preview still loading is not playing (the spec's Stopped: no
    /// track is playing, at position 0); Play then waits for it.
    var playbackStatus: String {
        switch preview.status {
        case .playing: "Playing"
        case .paused: "Paused"
        case .loading, .stopped, .failed: "Stopped"
        }
    }

    private var metadata: Variant {
        guard let item = preview.current else { return .dictionary([]) }
        var entries: [(String, Variant)] = [
            ("mpris:trackid", .objectPath("/io/github/storesearch/StoreSearch/Preview/\(abs(item.id.hashValue))")),
            ("xesam:title", .string(item.name)),
            ("xesam:artist", .strings([item.artist ?? ""])),
        ]
        if let album = item.result.collectionName { entries.append(("xesam:album", .string(album))) }
        // Only a local file: no cover is better than one the desktop must download again.
        if let art = artwork.file { entries.append(("mpris:artUrl", .string(art.absoluteString))) }
        if preview.duration > 0 { entries.append(("mpris:length", .int64(preview.duration))) }
        return .dictionary(entries)
    }

    private func handleRoot(_ call: DBusCall) {
        switch call.method {
        case "Raise": raiseRequested.send()
        case "Quit": break  // CanQuit is false: the window is closed by the user
        default: return call.fail("org.freedesktop.DBus.Error.UnknownMethod", "No method \(call.method)")
        }
        call.reply()
    }

    private func rootProperty(_ name: String) -> Variant? {
        switch name {
        case "Identity": .string("StoreSearch")
        case "DesktopEntry": .string(StoreSearchApp.applicationID)
        case "CanRaise": .bool(true)
        case "CanQuit", "HasTrackList", "CanSetFullscreen", "Fullscreen": .bool(false)
        case "SupportedUriSchemes", "SupportedMimeTypes": .strings([])
        default: nil
        }
    }

    private func handlePlayer(_ call: DBusCall) {
        switch call.method {
        case "PlayPause": if preview.status == .playing { preview.pause() } else { preview.resume() }
        case "Play": preview.resume()
        case "Pause": preview.pause()
        case "Stop": preview.stop()
        case "Seek": preview.seek(to: preview.position + call.int64(0))
        case "SetPosition": preview.seek(to: call.int64(1))
        case "Next": queue.next()
        case "Previous": queue.previous()
        case "OpenUri": break
        default: return call.fail("org.freedesktop.DBus.Error.UnknownMethod", "No method \(call.method)")
        }
        call.reply()
    }

    private func playerProperty(_ name: String) -> Variant? {
        switch name {
        case "PlaybackStatus": .string(playbackStatus)
        case "LoopStatus": .string("None")
        case "Rate", "MinimumRate", "MaximumRate", "Volume": .double(1)
        case "Shuffle": .bool(false)
        case "CanGoNext": .bool(queue.canGoNext)
        case "CanGoPrevious": .bool(queue.canGoPrevious)
        case "Metadata": metadata
        case "Position": .int64(preview.position)
        case "CanPlay", "CanPause", "CanControl": .bool(true)
        case "CanSeek": .bool(preview.canSeek)
        default: nil
        }
    }

    static let interfaceXML = """
        <node>
          <interface name="org.mpris.MediaPlayer2">
            <method name="Raise"/><method name="Quit"/>
            <property name="CanQuit" type="b" access="read"/><property name="CanRaise" type="b" access="read"/>
            <property name="Fullscreen" type="b" access="read"/><property name="CanSetFullscreen" type="b" access="read"/>
            <property name="HasTrackList" type="b" access="read"/><property name="Identity" type="s" access="read"/>
            <property name="DesktopEntry" type="s" access="read"/>
            <property name="SupportedUriSchemes" type="as" access="read"/><property name="SupportedMimeTypes" type="as" access="read"/>
          </interface>
          <interface name="org.mpris.MediaPlayer2.Player">
            <method name="Next"/><method name="Previous"/><method name="Pause"/><method name="PlayPause"/>
            <method name="Stop"/><method name="Play"/>
            <method name="Seek"><arg type="x" name="Offset" direction="in"/></method>
            <method name="SetPosition"><arg type="o" name="TrackId" direction="in"/><arg type="x" name="Position" direction="in"/></method>
            <method name="OpenUri"><arg type="s" name="Uri" direction="in"/></method>
            <signal name="Seeked"><arg type="x" name="Position"/></signal>
            <property name="PlaybackStatus" type="s" access="read"/><property name="LoopStatus" type="s" access="read"/>
            <property name="Rate" type="d" access="read"/><property name="Shuffle" type="b" access="read"/>
            <property name="Metadata" type="a{sv}" access="read"/><property name="Volume" type="d" access="read"/>
            <property name="Position" type="x" access="read"/>
            <property name="MinimumRate" type="d" access="read"/><property name="MaximumRate" type="d" access="read"/>
            <property name="CanGoNext" type="b" access="read"/><property name="CanGoPrevious" type="b" access="read"/>
            <property name="CanPlay" type="b" access="read"/><property name="CanPause" type="b" access="read"/>
            <property name="CanSeek" type="b" access="read"/><property name="CanControl" type="b" access="read"/>
          </interface>
        </node>
        """
}
