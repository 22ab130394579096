import Foundation
import Gtk
import StoreSearchCore

/// The one place where a list row or a grid tile asks for its thumbnail: a placeholder icon
/// until the image arrives, a "missing" icon for a broken one, the image asked for (past the
/// store's 100 px thumbnail, by the size part of its URL, as the store's own clients do) and
/// decoded at its shown size, ranked by the row's distance to the viewport, and cancelled when the row or tile is
/// unbound (scrolled away or reused).
@MainActor
final class ArtworkSlot {
    let image = Image(iconName: "image-x-generic-symbolic")
    private let size: Int
    private var request: ArtworkRequest?

    init(size: Int) {
        self.size = size
        image.setPixelSize(size)
        image.setSizeRequest(width: size, height: size)
        image.addCSSClass("artwork")
    }

    /// The icon shown until the image arrives, or instead of it when there is none: a person for
    /// an artist (the store gives artists no artwork), a picture for anything else.
    static func placeholderIcon(for kind: ResultKind) -> String {
        kind == .artist ? artistIcon : "image-x-generic-symbolic"
    }

    private static let artistIcon = "avatar-default-symbolic"

    /// `priority` tells the loader how near the row is to the viewport, whenever it asks.
    func load(
        _ url: URL?, placeholder: String, with loader: ArtworkLoader,
        priority: @escaping ArtworkLoader.PriorityProvider
    ) {
        cancel()
        image.setIconName(placeholder)
        // The person is a solid shape: dimmed, it reads as a placeholder like the picture's outline.
        image.setCSSClass("dim-label", placeholder == Self.artistIcon)
        guard let url else { return }
        let pixels = size * max(1, image.scaleFactor)
        let sized =
            pixels > ArtworkURL.thumbnailPixels
            ? ArtworkURL.resized(url, to: min(pixels, ArtworkLoader.detailPixels)) : url
        request = loader.load(sized, pixelSize: pixels, priority: priority) { [weak self] texture in
            guard let self else { return }
            self.request = nil
            if let texture {
                self.image.removeCSSClass("dim-label")
                self.image.setTexture(texture)
            } else {
                self.image.setIconName("image-missing-symbolic")
            }
        }
    }

    func cancel() {
        request?.cancel()
        request = nil
    }
}
