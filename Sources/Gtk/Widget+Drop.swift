import CGtk

extension Widget {
    /// Accepts text dropped on the widget (a link dragged from a browser or a chat): `handler`
    /// gets it and says whether it took it.
    public func onTextDropped(_ handler: @escaping @MainActor (String) -> Bool) {
        let target = gtk_drop_target_new(shim_string_type(), GDK_ACTION_COPY)!
        let box = HandlerBox<@MainActor (String) -> Bool>.retained(handler)
        let thunk: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = {
            _, value, _, _, data in
            guard let value, let text = g_value_get_string(value) else { return 0 }
            let handler = HandlerBox<@MainActor (String) -> Bool>.from(data)
            let string = String(cString: text)
            return MainActor.assumeIsolated { handler(string) } ? 1 : 0
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(target), "drop", unsafeBitCast(thunk, to: GCallback.self), box,
            { data, _ in releaseRetained(data) }, GConnectFlags(rawValue: 0))
        gtk_widget_add_controller(widget, target)
    }
}
