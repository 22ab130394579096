import Foundation

/// A row's or form's interest in one image; cancel when the row is unbound.
@MainActor
public final class ArtworkRequest {
    let key: ArtworkLoader.Key
    let id: Int
    private weak var loader: ArtworkLoader?

    init(key: ArtworkLoader.Key, id: Int, loader: ArtworkLoader?) {
        self.key = key
        self.id = id
        self.loader = loader
    }

    public func cancel() { loader?.cancel(self) }
}
