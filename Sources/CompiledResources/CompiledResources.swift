import CGtk
import Foundation

/// The app's `.ui` and CSS files (Resources/*.ui and *.css), compiled into the binary as a GResource
/// under /io/github/storesearch/StoreSearch/ui/. The GResource build-tool plugin writes the
/// resource at every `swift build` (Plugins/GResource, scripts/gresource.sh), so a clone builds with
/// SwiftPM alone and nothing is looked up on disk at run time.
public enum CompiledResources {
    /// Registers the resource with GIO, once; g_resources_lookup_data and GtkBuilder then find its files.
    public static func register() {
        _ = registered
    }

    private static let registered: Void = {
        let data = compiledResourceBase64.withUTF8Buffer { Data(base64Encoded: Data($0)) }
        guard let data, !data.isEmpty else { fatalError("the compiled GResource is not base64: rebuild") }
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            fatalError("the compiled GResource does not load: \(message)")
        }
        // Registered for the life of the process: GIO keeps its own reference.
        g_resources_register(resource)
        g_resource_unref(resource)
    }()
}
