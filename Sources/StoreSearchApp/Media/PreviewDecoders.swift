import Foundation

/// GStreamer ranks FFmpeg's AAC decoder (gst-libav) first. Loading it maps libavcodec,
/// libavfilter and the libraries they pull in (speech synthesis voices among them): about 35 MB
/// for a 30 s song preview. faad (gst-plugins-bad) decodes the store's AAC with a few hundred
/// kilobytes and starts sooner, so songs prefer it; video previews still decode with gst-libav.
public enum PreviewDecoders {
    /// Above GStreamer's "primary" (256), the rank gst-libav gives its AAC decoder.
    static let preference = "faad:257"

    static let variable = "GST_PLUGIN_FEATURE_RANK"

    /// Ranks faad first through `GST_PLUGIN_FEATURE_RANK`, which GStreamer reads when the first
    /// preview starts. Call it first thing in `main`, before any other thread runs: it changes the
    /// environment (tests and the bench set the variable before they start).
    public static func preferLightAACDecoder() {
        let existing = getenv(variable).map { String(cString: $0) }
        if let ranking = ranking(over: existing) { setenv(variable, ranking, 1) }
    }

    /// The ranking with faad first and a ranking the user set after it (GStreamer applies the
    /// last, so the user's wins); nil when faad is first already.
    static func ranking(over existing: String?) -> String? {
        guard let existing, !existing.isEmpty else { return preference }
        return existing.hasPrefix(preference) ? nil : "\(preference),\(existing)"
    }
}
