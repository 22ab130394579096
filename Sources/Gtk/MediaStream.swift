import CGtk
import Foundation
import Synchronization

/// A GtkMediaFile playing a URI through GTK's media backend (GStreamer on Debian: an http(s) URI
/// streams through GStreamer's own HTTP source, no download first). Times are in microseconds.
@MainActor
public final class MediaStream: Object {
    public required init(retaining pointer: UnsafeMutableRawPointer) { super.init(retaining: pointer) }

    private var stream: UnsafeMutablePointer<GtkMediaStream> { cast() }

    public init(uri: String) {
        let file = g_file_new_for_uri(uri)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        super.init(taking: UnsafeMutableRawPointer(gtk_media_file_new_for_file(file)!))
    }

    /// Loads GStreamer and the plugins an AAC stream over HTTP plays through, on another thread,
    /// once per process: the first stream then asks its server at once (on Debian 12 the loading
    /// took the first Play about 100 ms before its first request). False when GStreamer is not
    /// there (the stream then fails as it would have).
    public nonisolated static func preloadBackend(then done: @escaping @Sendable (Bool) -> Void = { _ in }) {
        preloading.withLock { started in
            guard !started else { return }
            started = true
            Thread.detachNewThread { done(shim_gst_load_preview_plugins() != 0) }
        }
    }

    private nonisolated static let preloading = Mutex(false)

    public func play() { gtk_media_stream_play(stream) }
    public func pause() { gtk_media_stream_pause(stream) }
    public var isPlaying: Bool { gtk_media_stream_get_playing(stream) != 0 }
    /// The media's length and format are known.
    public var isPrepared: Bool { gtk_media_stream_is_prepared(stream) != 0 }
    public var hasEnded: Bool { gtk_media_stream_get_ended(stream) != 0 }
    public var position: Int64 { Int64(gtk_media_stream_get_timestamp(stream)) }
    /// 0 while unknown.
    public var duration: Int64 { Int64(gtk_media_stream_get_duration(stream)) }
    public var isSeekable: Bool { gtk_media_stream_is_seekable(stream) != 0 }
    public func seek(to microseconds: Int64) { gtk_media_stream_seek(stream, gint64(microseconds)) }

    /// The backend's error message, once playing failed.
    public var errorMessage: String? {
        gtk_media_stream_get_error(stream).map { String(cString: $0.pointee.message) }
    }

    /// Stops the stream for good: the backend closes its connection and audio output, and its
    /// player goes away with its threads (see shim_media_file_flush_gst_player for why it did not).
    /// False when the player could not be reached to let it go (another media backend, or
    /// another GTK or GStreamer build): then it may live on.
    @discardableResult
    public func close() -> Bool {
        pause()
        let flushed = shim_media_file_flush_gst_player(cast()) != 0
        gtk_media_file_clear(cast())
        return flushed
    }

    /// Playing, prepared, ended, timestamp, duration or error changed.
    public func onChange(_ handler: @escaping @MainActor () -> Void) {
        for property in ["playing", "prepared", "ended", "timestamp", "duration", "error"] {
            onNotify(property, handler)
        }
    }
}

/// GtkVideo: shows a media stream's picture (it does not start or own the stream's playing).
@MainActor
public final class Video: Widget {
    public convenience init() {
        self.init(retaining: gtk_video_new())
        gtk_video_set_autoplay(cast(), 0)
    }

    public func show(_ stream: MediaStream?) {
        gtk_video_set_media_stream(cast(), stream?.cast())
    }
}
