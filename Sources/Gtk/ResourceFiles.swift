import CGtk

/// What registered GResources hold (g_resources_*).
public enum ResourceFiles {
    /// The names of the files directly under `folder` (a path ending in `/`); empty if none.
    public static func names(in folder: String) -> [String] {
        takingStrings(g_resources_enumerate_children(folder, G_RESOURCE_LOOKUP_FLAGS_NONE, nil))
    }
}
