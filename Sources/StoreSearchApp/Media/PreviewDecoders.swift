import Foundation

/// GStreamer ranks FFmpeg's AAC decoder (gst-libav) first. Loading it maps libavcodec,
/// libavfilter and the libraries they pull in (speech synthesis voices among them): about 35 MB
/// for a 30 s song preview. faad (gst-plugins-bad) decodes the store's AAC with a few hundred
/// kilobytes and starts sooner, so songs prefer it; video previews still decode with gst-libav.
public enum PreviewDecoders {
    /// Above GStreamer's "primary" (256), the rank gst-libav gives its AAC decoder.
    static let preference = "faad:257"

    /// Ranks faad first through `GST_PLUGIN_FEATURE_RANK`, which GStreamer reads when the first
    /// preview starts; a ranking the user set there comes after ours, so it wins. Call it before
    /// other threads run: it changes the environment.
    public static func preferLightAACDecoder() {
        let variable = "GST_PLUGIN_FEATURE_RANK"
        let existing = getenv(variable).map { String(cString: $0) } ?? ""
        guard !existing.hasPrefix(preference) else { return }
        setenv(variable, existing.isEmpty ? preference : "\(preference),\(existing)", 1)
    }
}
