import Foundation
import Gtk

/// The strip across the top of the window for notices that must be read whole
/// (notice-banner.ui): the text wraps, an optional button acts, and it stays until dismissed.
@MainActor
final class NoticeBanner {
    /// notice-banner.ui's objects, kept: a wrapper disconnects its handlers when it goes, so a
    /// temporary one left × dead.
    private let ui = NoticeBannerOutlets()
    var revealer: Revealer { ui.banner }
    private var action: (() -> Void)?

    init() {
        ui.bannerButton.onClicked { [weak self] in
            let action = self?.action
            self?.dismiss()
            action?()
        }
        ui.bannerClose.onClicked { [weak self] in self?.dismiss() }
    }

    /// The notice shown, if any.
    private(set) var text: String?

    func show(_ text: String, button title: String?, action: (() -> Void)?) {
        self.text = text
        self.action = action
        ui.bannerLabel.text = text
        ui.bannerButton.label = title ?? ""
        ui.bannerButton.isVisible = title != nil && action != nil
        revealer.isVisible = true
        revealer.isRevealed = true
    }

    func dismiss() {
        text = nil
        action = nil
        revealer.isRevealed = false
        revealer.isVisible = false
    }

    /// Presses the banner's button, or dismisses it when it has none.
    func clickButton() {
        if ui.bannerButton.isVisible { ui.bannerButton.click() } else { dismiss() }
    }
}
