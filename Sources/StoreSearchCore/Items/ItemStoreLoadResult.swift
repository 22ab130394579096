/// What loading found: the store, and a notice for the user when the file had to be set aside.
public struct ItemStoreLoadResult: Sendable {
    public var store: ItemStore
    /// Set when the file was unreadable: says where it was moved and what was recovered.
    public var notice: String?
}
