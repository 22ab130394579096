import CGtk

/// A themed icon (placeholders, status icons).
@MainActor
public final class Image: Widget {
    public convenience init(iconName: String) {
        self.init(retaining: gtk_image_new_from_icon_name(iconName))
    }

    public func setIconName(_ name: String) { gtk_image_set_from_icon_name(cast(), name) }

    /// Shows a decoded texture instead of an icon.
    public func setTexture(_ texture: Texture) { gtk_image_set_from_paintable(cast(), texture.texture) }

    public func setPixelSize(_ size: Int) { gtk_image_set_pixel_size(cast(), gint(size)) }
}
