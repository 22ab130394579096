import Foundation
import Gtk

/// The strip across the top of the window for notices that must be read whole
/// (notice-banner.ui): the text wraps, an optional button acts, and it stays until dismissed.
@MainActor
final class NoticeBanner {
    let revealer: Revealer
    private let label: Label
    private let button: Button
    /// Kept: a wrapper disconnects its handlers when it goes, so a temporary one left × dead.
    private let closeButton: Button
    private var action: (() -> Void)?

    init() {
        let builder = Builder.loading("notice-banner.ui")
        revealer = builder.object("banner")
        label = builder.object("banner_label")
        button = builder.object("banner_button")
        closeButton = builder.object("banner_close")
        button.onClicked { [weak self] in
            let action = self?.action
            self?.dismiss()
            action?()
        }
        closeButton.onClicked { [weak self] in self?.dismiss() }
    }

    /// The notice shown, if any.
    private(set) var text: String?

    func show(_ text: String, button title: String?, action: (() -> Void)?) {
        self.text = text
        self.action = action
        label.text = text
        button.label = title ?? ""
        button.isVisible = title != nil && action != nil
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
        if button.isVisible { button.click() } else { dismiss() }
    }
}
