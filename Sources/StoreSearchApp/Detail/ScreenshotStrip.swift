import Foundation
import Gtk
import StoreSearchCore

/// An app's screenshots in a row under its details, scrolled sideways, loaded through the
/// artwork pipeline (caches, per-host limits, decoded at the size shown): the first ones, on
/// screen, first. One still loading is a placeholder card of its size; one that cannot be had
/// (broken, offline) leaves no hole, and with none left the strip goes.
@MainActor
final class ScreenshotStrip {
    static let height = 200
    static let maximumCount = 10
    /// About how many fit on screen beside each other at once.
    private static let visibleCount = 3

    let scroller: Widget
    private let strip: Box
    private let loader: ArtworkLoader
    private var requests: [ArtworkRequest] = []
    private var pictures: [Picture] = []

    init(scroller: Widget, strip: Box, loader: ArtworkLoader) {
        self.scroller = scroller
        self.strip = strip
        self.loader = loader
    }

    var count: Int { pictures.count }
    /// How many screenshots show their image. For tests and the bench.
    package var loadedCount: Int { pictures.count { $0.texture != nil } }

    func show(_ urls: [URL]) {
        requests.forEach { $0.cancel() }
        requests = []
        strip.removeAll()
        let shown = Array(urls.prefix(Self.maximumCount))
        pictures = shown.indices.map { index in
            let picture = Picture()
            picture.canShrink = true
            picture.setSizeRequest(width: Self.height * 9 / 16, height: Self.height)
            picture.setAccessibleLabel(String(format: localized("Screenshot %1$ld of %2$ld"), index + 1, shown.count))
            picture.addCSSClass("artwork-placeholder")  // until its image comes
            strip.append(picture)
            return picture
        }
        let pixels = Self.height * max(1, scroller.scaleFactor)
        for (index, url) in shown.enumerated() {
            let priority =
                index < Self.visibleCount
                ? ArtworkPriority(.visible, distance: index) : ArtworkPriority(.near, distance: index)
            let request = loader.load(url, pixelSize: pixels, priority: { priority }) {
                [weak self, picture = pictures[index]] texture in
                guard let self, self.pictures.contains(where: { $0 === picture }) else { return }
                picture.texture = texture
                if texture == nil { picture.isVisible = false }
                picture.removeCSSClass("artwork-placeholder")
                self.scroller.isVisible = self.pictures.contains { $0.isVisible }
            }
            if let request { requests.append(request) }
        }
        // After the loads: a known failure completes at once, inside the loop.
        scroller.isVisible = pictures.contains { $0.isVisible }
    }
}
