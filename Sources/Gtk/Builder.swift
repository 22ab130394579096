import CGtk

public struct BuilderError: Error, CustomStringConvertible {
    public let description: String
}

/// Loads a GtkBuilder .ui file from a registered GResource and hands out its objects as wrappers.
@MainActor
public final class Builder: Object {
    /// `path`: the file's path in the registered resources (`/org/example/App/window.ui`).
    public init(resource path: String) throws(BuilderError) {
        let builder = gtk_builder_new()!
        var error: UnsafeMutablePointer<GError>?
        if gtk_builder_add_from_resource(builder, path, &error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            g_object_unref(UnsafeMutableRawPointer(builder))
            throw BuilderError(description: "Cannot load \(path): \(message)")
        }
        super.init(taking: UnsafeMutableRawPointer(builder))
    }

    public required init(retaining pointer: UnsafeMutableRawPointer) {
        super.init(retaining: pointer)
    }

    /// The object with `id`, wrapped as `type`. A missing id is a programming error in the .ui file.
    public func object<T: Object>(_ id: String, as type: T.Type = T.self) -> T {
        guard let pointer = gtk_builder_get_object(cast(), id) else {
            preconditionFailure("No object '\(id)' in the .ui file")
        }
        return T(retaining: pointer)
    }
}
