import Gtk
import StoreSearchCore

/// The small star on a kept item's row or tile, wherever items are listed (results, charts, the
/// pages browsed to, My Items); hidden on the others. Screen readers hear "Kept" with the row's
/// name (`Item.spokenLabel(price:isKept:)`); the pointer gets "Kept in My Items".
@MainActor
enum KeptStar {
    static func make() -> Image {
        let star = Image(iconName: "starred-symbolic")
        star.addCSSClass("kept-star")
        star.isVisible = false
        star.setAccessibleDescription(localized("Kept"))
        // Read when shown: setting a tooltip asks the X server where the pointer is, in every row.
        star.showTooltip { localized("Kept in My Items") }
        return star
    }
}
