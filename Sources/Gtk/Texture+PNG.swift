import CGtk
import Foundation

extension Texture {
    /// The image encoded as PNG; nil when GDK cannot encode it. Safe off the main thread (the
    /// texture is immutable), where it belongs: a 600 px image takes milliseconds to compress.
    public func pngData() -> Data? {
        guard let bytes = gdk_texture_save_to_png_bytes(texture) else { return nil }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let pointer = g_bytes_get_data(bytes, &size) else { return nil }
        return Data(bytes: pointer, count: Int(size))
    }
}
