import Adw
import CGtk
import Foundation
import Gtk
import StoreSearchCore

/// Lists hidden items as a boxed list (hidden-items-window.ui), each with a Restore button,
/// under the name the user gave them. Escape or Ctrl+W closes it.
@MainActor
public final class HiddenItemsWindow {
    let window: Window
    private let stack: Stack
    private let list: ListBox
    private var rows: [ActionRow] = []
    private var buttons: [Button] = []
    private var items: [Item]
    var onRestore: ((String) -> Void)?

    init(parent: Window, resources: URL, items: [Item]) {
        self.items = items
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
        window.onKeyPressed { [weak self] keyval, modifiers in
            let isControl = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
            guard keyval == 0xFF1B /* Escape */ || (isControl && keyval == 0x77 /* w */) else { return false }
            self?.window.close()
            return true
        }
        rebuild()
    }

    public var names: [String] { items.map(\.name) }

    public func present() { window.present() }

    /// Restores the item at `index` as its button does.
    public func restore(at index: Int) { buttons[index].click() }

    private func rebuild() {
        rows.forEach { list.remove($0) }
        rows = []
        buttons = []
        stack.visiblePage = items.isEmpty ? "empty" : "list"
        for item in items {
            let row = ActionRow(title: item.name, subtitle: item.artistAndKind)
            let button = Button(label: localized("Restore"))
            button.setAccessibleLabel(String(format: localized("Restore %@"), item.name))
            button.centerVertically()
            let id = item.id
            button.onClicked { [weak self] in
                guard let self else { return }
                self.onRestore?(id)
                self.items.removeAll { $0.id == id }
                self.rebuild()
            }
            row.addSuffix(button)
            list.append(row)
            rows.append(row)
            buttons.append(button)
        }
    }
}
