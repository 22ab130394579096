import Foundation
import Gtk
import StoreSearchCore

/// A drop-down of store regions for the header bar: "Automatic (Germany)" first, then every
/// region by its name in the user's language. Closed, it shows only the region's code ("DE"),
/// so the header still fits a narrow window. Picking a region saves it and searches again.
@MainActor
public final class StoreRegionPicker {
    public let dropDown: DropDown
    private let setting: StoreRegionSetting
    /// nil for Automatic, then the codes in the order shown.
    private let codes: [String?]
    private var updating = false

    public init(setting: StoreRegionSetting, locale: Locale) {
        self.setting = setting
        let regions = StoreRegion.all(in: locale)
        codes = [nil] + regions.map(\.code)
        let automatic = String(format: localized("Automatic (%@)"), StoreRegion.name(of: setting.automatic, in: locale))
        dropDown = DropDown(items: [automatic] + regions.map(\.name))
        let shortCodes = [setting.automatic] + regions.map(\.code)
        dropDown.setButtonText { shortCodes[$0] }
        dropDown.enableSearch()
        dropDown.setAccessibleLabel(localized("Store Region"))
        dropDown.nameButton(localized("Store Region"))
        dropDown.tooltip = localized("Store Region")
        show()
        dropDown.onSelectionChanged { [weak self] in
            guard let self, !self.updating, self.dropDown.selectedIndex >= 0 else { return }
            self.setting.choose(self.codes[self.dropDown.selectedIndex])
        }
    }

    /// Shows the saved choice, or the `--country` region when one was given for this run.
    private func show() {
        updating = true
        defer { updating = false }
        let shown = setting.country == setting.automatic && setting.savedChoice == nil ? nil : setting.country
        dropDown.selectedIndex = codes.firstIndex(of: shown) ?? 0
    }

    /// Picks `code` as a user's click does (nil: Automatic).
    public func select(_ code: String?) {
        if let index = codes.firstIndex(of: code) { dropDown.selectedIndex = index }
    }
}
