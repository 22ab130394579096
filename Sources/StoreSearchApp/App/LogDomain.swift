/// GLib log domains of the app's messages (`G_MESSAGES_DEBUG=StoreSearch-Artwork` shows one).
enum LogDomain {
    static let app = "StoreSearch"
    static let artwork = "StoreSearch-Artwork"
    static let catalog = "StoreSearch-Catalog"
}
