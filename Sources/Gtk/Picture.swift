import CGtk

/// Shows a texture, scaled to fit.
@MainActor
public final class Picture: Widget {
    public convenience init() {
        self.init(retaining: gtk_picture_new())
    }

    public var texture: Texture? {
        didSet { gtk_picture_set_paintable(cast(), texture?.texture) }
    }

    public var canShrink: Bool {
        get { gtk_picture_get_can_shrink(cast()) != 0 }
        set { gtk_picture_set_can_shrink(cast(), newValue ? 1 : 0) }
    }
}
