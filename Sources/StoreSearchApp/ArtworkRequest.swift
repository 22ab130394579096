import Foundation

/// A row's or form's interest in one image; cancel when the row is unbound.
@MainActor
public final class ArtworkRequest {
    let url: URL
    let id: Int
    private weak var loader: ArtworkLoader?

    init(url: URL, id: Int, loader: ArtworkLoader?) {
        self.url = url
        self.id = id
        self.loader = loader
    }

    public func cancel() { loader?.cancel(self) }
}
