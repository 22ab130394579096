import CGtk
import Foundation
import Gtk

extension Texture {
    /// A fully transparent image of the given size (tests: an image that decodes large but
    /// compresses to a few kilobytes).
    public static func blank(width: Int, height: Int) -> Texture {
        let bytes = g_bytes_new_take(g_malloc0(gsize(width * height * 4)), gsize(width * height * 4))
        defer { g_bytes_unref(bytes) }
        let texture = gdk_memory_texture_new(gint(width), gint(height), GDK_MEMORY_R8G8B8A8, bytes, gsize(width * 4))!
        return Texture(taking: texture)
    }

    /// The image encoded as PNG.
    public func pngData() -> Data {
        let bytes = gdk_texture_save_to_png_bytes(texture)!
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        let pointer = g_bytes_get_data(bytes, &size)
        return Data(bytes: pointer!, count: Int(size))
    }
}
