import CGtk

/// What registered GResources hold (g_resources_*).
public enum ResourceFiles {
    /// The names of the files directly under `folder` (a path ending in `/`); empty if none.
    public static func names(in folder: String) -> [String] {
        guard let names = g_resources_enumerate_children(folder, G_RESOURCE_LOOKUP_FLAGS_NONE, nil) else { return [] }
        defer { g_strfreev(names) }
        var result: [String] = []
        var index = 0
        while let name = names[index] {
            result.append(String(cString: name))
            index += 1
        }
        return result
    }
}
