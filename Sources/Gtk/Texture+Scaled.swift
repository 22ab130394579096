import CGtk
import Foundation

extension Texture {
    /// Decodes image data of gdk-pixbuf format `format` ("png", "jpeg", "gif") scaled down to fit
    /// in `box`×`box` pixels, keeping only the scaled pixels. An image whose header declares more
    /// than `maxSourcePixels` is refused before its pixels are decoded. Safe off the main thread.
    public convenience init?(data: Data, format: String, fittingIn box: Int, maxSourcePixels: Int) {
        let texture = data.withUnsafeBytes { bytes in
            shim_texture_new_fitting(
                bytes.baseAddress?.assumingMemoryBound(to: guint8.self), gsize(bytes.count), format,
                gint(box), gint64(maxSourcePixels))
        }
        guard let texture else { return nil }
        self.init(taking: texture)
    }
}
