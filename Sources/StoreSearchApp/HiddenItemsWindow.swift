import Adw
import Foundation
import Gtk
import StoreSearchCore

/// Lists hidden items as a boxed list (hidden-items-window.ui), each with a Restore button.
@MainActor
public final class HiddenItemsWindow {
    let window: Window
    private let stack: Stack
    private let list: ListBox
    private var rows: [ActionRow] = []
    private var buttons: [Button] = []
    private var results: [SearchResult]
    var onRestore: ((String) -> Void)?

    init(parent: Window, resources: URL, results: [SearchResult]) {
        self.results = results
        let builder: Builder
        do {
            builder = try Builder(file: resources.appending(path: "hidden-items-window.ui").path)
        } catch {
            fatalError("\(error)")  // the .ui file ships with the binary; a broken one is a build error
        }
        window = builder.object("window")
        stack = builder.object("stack")
        list = builder.object("list")
        window.setTransient(for: parent)
        window.destroysWithParent = true
        rebuild()
    }

    public var names: [String] { results.map(\.name) }

    public func present() { window.present() }

    /// Restores the item at `index` as its button does.
    public func restore(at index: Int) { buttons[index].click() }

    private func rebuild() {
        rows.forEach { list.remove($0) }
        rows = []
        buttons = []
        stack.visiblePage = results.isEmpty ? "empty" : "list"
        for result in results {
            let row = ActionRow(title: result.name, subtitle: String(format: localized("%1$@ (%2$@)"), result.artist ?? localized("Unknown"), result.kind.displayName))
            let button = Button(label: localized("Restore"))
            button.setAccessibleLabel(String(format: localized("Restore %@"), result.name))
            button.centerVertically()
            let id = result.id
            button.onClicked { [weak self] in
                guard let self else { return }
                self.onRestore?(id)
                self.results.removeAll { $0.id == id }
                self.rebuild()
            }
            row.addSuffix(button)
            list.append(row)
            rows.append(row)
            buttons.append(button)
        }
    }
}
