/// Why the item store could not be loaded or saved; `message` is for the user.
public enum ItemStoreFileError: Error, Equatable, Sendable {
    /// The file was written by a newer StoreSearch; it is left untouched.
    case newerVersion(found: Int, supported: Int)
    case cannotWrite(path: String, reason: String)
    /// The file is there but cannot be read (permission, a folder in its place, an I/O error):
    /// it is not damaged, so it is neither moved nor replaced.
    case cannotRead(path: String, reason: String)

    public var message: String {
        switch self {
        case .newerVersion(let found, _):
            String(
                format: localized(
                    "Your saved items were written by a newer version of StoreSearch (format %ld). They were left untouched, and changes made now cannot be saved."
                ), found)
        case .cannotWrite(let path, let reason):
            String(
                format: localized("Could not save your changes to %1$@: %2$@."), path,
                reason.hasSuffix(".") ? String(reason.dropLast()) : reason)
        case .cannotRead(let path, let reason):
            String(
                format: localized(
                    "Your saved items in %1$@ cannot be read: %2$@. They were left as they are, and changes made now are not saved."
                ), path, reason)
        }
    }
}
