import Gtk
import StoreSearchCore

/// The small star on a kept item's cover, in its row or tile, wherever items are listed (results,
/// charts, the pages browsed to, My Items); hidden on the others. On the cover's corner it takes
/// none of the row's width, which a phone's 360 px leaves to the name and the price. Screen
/// readers hear "Kept in My Items" with the row's name (`Item.spokenLabel(price:isKept:)`), and
/// the star's own description; the pointer gets it as a tooltip.
@MainActor
enum KeptStar {
    /// The cover `artwork` with the star (hidden) on its top corner at the reading end.
    static func cover(_ artwork: Image, star: Image) -> Overlay {
        let cover = Overlay()
        cover.align(horizontally: .center, vertically: .center)  // the cover's corner, not the cell's
        cover.setChild(artwork)
        star.align(horizontally: .end, vertically: .start)
        cover.addOverlay(star)
        return cover
    }

    /// `size`: the icon's, in pixels.
    static func make(size: Int) -> Image {
        let star = Image(iconName: "starred-symbolic")
        star.setPixelSize(size)
        star.addCSSClass("kept-star")
        star.isVisible = false
        star.setAccessibleDescription(localized("Kept"))
        // Read when shown: setting a tooltip asks the X server where the pointer is, in every row.
        star.showTooltip { localized("Kept in My Items") }
        return star
    }
}
