import Foundation
import Gtk

/// The one place where a list row or a grid tile asks for its thumbnail: a placeholder icon
/// until the image arrives, a "missing" icon for a broken one, and the request cancelled when
/// the row or tile is unbound (scrolled away or reused).
@MainActor
final class ArtworkSlot {
    let image = Image(iconName: "image-x-generic-symbolic")
    private var request: ArtworkRequest?

    init(size: Int) {
        image.setPixelSize(size)
        image.setSizeRequest(width: size, height: size)
        image.addCSSClass("artwork")
    }

    func load(_ url: URL?, with loader: ArtworkLoader) {
        cancel()
        image.setIconName("image-x-generic-symbolic")
        guard let url else { return }
        request = loader.load(url) { [weak self] texture in
            guard let self else { return }
            self.request = nil
            if let texture { self.image.setTexture(texture) } else { self.image.setIconName("image-missing-symbolic") }
        }
    }

    func cancel() {
        request?.cancel()
        request = nil
    }
}
