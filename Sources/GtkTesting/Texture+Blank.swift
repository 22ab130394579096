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
}
