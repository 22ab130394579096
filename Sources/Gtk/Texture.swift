import CGtk
import Foundation

/// An immutable decoded image (GdkTexture). Safe to create off the main thread and share.
public final class Texture: @unchecked Sendable {
    public let texture: OpaquePointer
    public let width: Int
    public let height: Int

    /// Bytes the decoded pixels take in memory.
    public var byteCost: Int { width * height * 4 }

    /// Decodes PNG, JPEG or TIFF data. Returns nil for anything GDK cannot decode.
    public init?(data: Data) {
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_bytes(bytes, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        self.texture = texture
        width = Int(gdk_texture_get_width(texture))
        height = Int(gdk_texture_get_height(texture))
    }

    /// Takes over a texture reference the caller owns.
    public init(taking texture: OpaquePointer) {
        self.texture = texture
        width = Int(gdk_texture_get_width(texture))
        height = Int(gdk_texture_get_height(texture))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(texture)) }
}
