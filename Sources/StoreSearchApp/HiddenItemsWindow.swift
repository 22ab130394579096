import Foundation
import Gtk
import StoreSearchCore

/// Lists hidden items, each with a Restore button.
@MainActor
public final class HiddenItemsWindow {
    let window: Window
    private let list = Box(.vertical, spacing: 6)
    private var buttons: [Button] = []
    private var results: [SearchResult]
    var onRestore: ((String) -> Void)?

    init(parent: Window, results: [SearchResult]) {
        self.results = results
        window = Window()
        window.title = localized("Hidden Items")
        window.setDefaultSize(width: 420, height: 480)
        window.setTransient(for: parent)
        window.setModal(true)
        let scroller = ScrolledWindow()
        list.addCSSClass("detail-form")
        scroller.setChild(list)
        window.setChild(scroller)
        rebuild()
    }

    public var names: [String] { results.map(\.name) }

    public func present() { window.present() }

    /// Restores the item at `index` as its button does.
    public func restore(at index: Int) { buttons[index].click() }

    private func rebuild() {
        list.removeAll()
        buttons = []
        if results.isEmpty {
            let empty = Label(localized("No hidden items. Items you hide are listed here so you can bring them back."))
            empty.wraps = true
            empty.addCSSClass("dim-label")
            list.append(empty)
        }
        for result in results {
            let row = Box(.horizontal, spacing: 12)
            let text = Label(String(format: localized("%1$@ — %2$@ (%3$@)"), result.name, result.artist ?? localized("Unknown"), result.kind.displayName))
            text.wraps = true
            text.alignStart()
            text.expandsHorizontally = true
            let button = Button(label: localized("Restore"))
            button.setAccessibleLabel(String(format: localized("Restore %@"), result.name))
            let id = result.id
            button.onClicked { [weak self] in
                guard let self else { return }
                self.onRestore?(id)
                self.results.removeAll { $0.id == id }
                self.rebuild()
            }
            row.append(text)
            row.append(button)
            list.append(row)
            buttons.append(button)
        }
    }
}
