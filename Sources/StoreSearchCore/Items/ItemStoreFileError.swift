/// Why the item store could not be loaded or saved; `message` is for the user.
public enum ItemStoreFileError: Error, Equatable, Sendable {
    /// The file was written by a newer StoreSearch; it is left untouched.
    case newerVersion(found: Int, supported: Int)
    case cannotWrite(path: String, reason: String)
    case cannotEncode(String)

    public var message: String {
        switch self {
        case .newerVersion(let found, _):
            String(format: localized("Your saved items were written by a newer version of StoreSearch (format %ld). They were left untouched, and changes made now cannot be saved."), found)
        case .cannotWrite(let path, let reason):
            String(format: localized("Could not save your changes to %1$@: %2$@."), path, reason.hasSuffix(".") ? String(reason.dropLast()) : reason)
        case .cannotEncode(let reason):
            String(format: localized("Could not prepare your changes for saving: %@."), reason)
        }
    }
}
