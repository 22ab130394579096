import CGtk

extension Widget {
    /// How many images and pictures in this widget's tree are on screen showing a decoded texture
    /// (not a themed icon): what a user sees as loaded artwork.
    public var mappedTextureCount: Int {
        var count = 0
        if gtk_widget_get_mapped(widget) != 0 {
            let instance = UnsafeMutableRawPointer(widget)
            var paintable: OpaquePointer?
            if shim_is_a(instance, gtk_image_get_type()) != 0,
                gtk_image_get_storage_type(OpaquePointer(widget)) == GTK_IMAGE_PAINTABLE
            {
                paintable = gtk_image_get_paintable(OpaquePointer(widget))
            } else if shim_is_a(instance, gtk_picture_get_type()) != 0 {
                paintable = gtk_picture_get_paintable(OpaquePointer(widget))
            }
            if let paintable, shim_is_a(UnsafeMutableRawPointer(paintable), gdk_texture_get_type()) != 0 { count += 1 }
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            count += Widget(retaining: current).mappedTextureCount
            child = gtk_widget_get_next_sibling(current)
        }
        return count
    }

    /// This widget's rectangle in `ancestor`'s coordinates; nil when it has none (not laid out).
    public func bounds(in ancestor: Widget) -> (x: Double, y: Double, width: Double, height: Double)? {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, ancestor.widget, &rect) != 0 else { return nil }
        return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
    }
}
