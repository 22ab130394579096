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
    let image = Image(iconName: "image-x-generic-symbolic")  // as `shown` says
    private let size: Int
    private var request: ArtworkRequest?
    /// What the image shows. A row bound again usually shows what it showed (the same item, or
    /// the same placeholder): GTK would look the icon up and lay the row out again.
    private var shown = Shown.icon("image-x-generic-symbolic")

    private enum Shown: Equatable {
        case icon(String)
        /// The GdkTexture, which the image holds while it shows it (so no other takes its address).
        case texture(OpaquePointer)
    }

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
        var isAnswered = false  // at once (an image in memory, a known failure): no placeholder first
        if let url {
            let pixels = size * max(1, image.scaleFactor)
            let sized =
                pixels > ArtworkURL.thumbnailPixels
                ? ArtworkURL.resized(url, to: min(pixels, ArtworkLoader.detailPixels)) : url
            request = loader.load(sized, pixelSize: pixels, priority: priority) { [weak self] texture in
                isAnswered = true
                self?.show(texture)
            }
        }
        guard !isAnswered else {
            request = nil  // answered from memory before `load` returned its request
            return
        }
        showIcon(placeholder)
    }

    private func show(_ texture: Texture?) {
        request = nil
        guard let texture else { return showIcon("image-missing-symbolic") }
        guard shown != .texture(texture.texture) else { return }
        shown = .texture(texture.texture)
        image.removeCSSClass("dim-label")
        image.setTexture(texture)
    }

    private func showIcon(_ name: String) {
        guard shown != .icon(name) else { return }
        shown = .icon(name)
        image.setIconName(name)
        // The person is a solid shape: dimmed, it reads as a placeholder like the picture's outline.
        image.setCSSClass("dim-label", name == Self.artistIcon)
    }

    /// Nothing is on its way: the image, or the icon that stands for none (the bench waits for this).
    var hasSettled: Bool { request == nil }

    func cancel() {
        request?.cancel()
        request = nil
    }
}
