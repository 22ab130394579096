import CGtk

/// A modal question with buttons; `onResponse` receives the chosen button's id.
@MainActor
public final class MessageDialog: Window {
    public enum Kind { case error, question }

    /// The bold first line and the explanation under it, as shown.
    public let heading: String
    public let detail: String?

    public init(parent: Window, kind: Kind, title: String, detail: String?) {
        let type = kind == .error ? GTK_MESSAGE_ERROR : GTK_MESSAGE_QUESTION
        heading = title
        self.detail = detail
        super.init(retaining: shim_message_dialog_new(parent.window, type, title, detail))
        setTransient(for: parent)
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) {
        heading = ""
        detail = nil
        super.init(retaining: pointer)
    }

    /// Adds a button; `destructive` styles it as a warning.
    public func addButton(_ label: String, id: Int, destructive: Bool = false) {
        let button = gtk_dialog_add_button(cast(), label, gint(id))
        if destructive { gtk_widget_add_css_class(button, "destructive-action") }
    }

    public func setDefaultResponse(_ id: Int) { gtk_dialog_set_default_response(cast(), gint(id)) }

    public func onResponse(_ handler: @escaping @MainActor (Int) -> Void) {
        connect("response", thunk: SignalThunks.int, handler: { (id: gint) in handler(Int(id)) })
    }

    /// Answers as if the user pressed the button with `id`.
    public func respond(_ id: Int) { gtk_dialog_response(cast(), gint(id)) }
}
