// ui-outlets UI_FILE SWIFT_FILE: writes, for one GtkBuilder file, a Swift struct with one typed
// property per object id, so that a controller asks for `outlets.nameRow` instead of
// `builder.object("name_row")` and a renamed or removed id is a compile error. Run by the
// UIOutlets build-tool plugin for every Resources/*.ui at build time.
import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The wrapper type of each GTK class the app's .ui files name; any other widget class is a
/// `Widget` (the wrappers hold what the app uses, not every class).
let wrapperTypes: [String: String] = [
    "AdwActionRow": "ActionRow", "AdwApplicationWindow": "Window", "AdwEntryRow": "EntryRow",
    "AdwLeaflet": "Leaflet", "AdwStatusPage": "StatusPage", "AdwToastOverlay": "ToastOverlay",
    "AdwViewStack": "ViewStack", "AdwWindowTitle": "WindowTitle",
    "GtkAdjustment": "Adjustment", "GtkBox": "Box", "GtkButton": "Button", "GtkCalendar": "Calendar",
    "GtkDropDown": "DropDown", "GtkImage": "Image", "GtkInscription": "Inscription", "GtkLabel": "Label",
    "GtkListBox": "ListBox", "GtkMenuButton": "MenuButton", "GtkPicture": "Picture",
    "GtkRevealer": "Revealer", "GtkScrolledWindow": "ScrolledWindow", "GtkSearchEntry": "SearchEntry",
    "GtkShortcutsWindow": "Window", "GtkSpinner": "Spinner", "GtkStack": "Stack",
    "GtkTextView": "TextView", "GtkToggleButton": "ToggleButton", "GtkWindow": "Window",
]

/// Collects `<object class="…" id="…">` in document order.
final class ObjectCollector: NSObject, XMLParserDelegate {
    var objects: [(id: String, className: String)] = []

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if name == "object", let id = attributes["id"], let className = attributes["class"] {
            objects.append((id, className))
        }
    }
}

/// `name_row` → `nameRow`.
func propertyName(_ id: String) -> String {
    let words = id.split(whereSeparator: { $0 == "_" || $0 == "-" })
    return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
}

/// `detail-form.ui` → `DetailFormOutlets`.
func typeName(_ file: URL) -> String {
    file.deletingPathExtension().lastPathComponent.split(separator: "-").map(\.capitalized).joined() + "Outlets"
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: ui-outlets UI_FILE SWIFT_FILE\n".utf8))
    exit(2)
}
let input = URL(fileURLWithPath: arguments[1])
let parser = XMLParser(contentsOf: input)!
let collector = ObjectCollector()
parser.delegate = collector
guard parser.parse() else {
    FileHandle.standardError.write(
        Data("\(input.path): \(parser.parserError.map(String.init(describing:)) ?? "not XML")\n".utf8))
    exit(1)
}

let declarations = collector.objects.map { "    let \(propertyName($0.id)): \(wrapperTypes[$0.className] ?? "Widget")" }
let assignments = collector.objects.map { "        \(propertyName($0.id)) = builder.object(\"\($0.id)\")" }
let source = """
    // Generated from Resources/\(input.lastPathComponent) by the UIOutlets plugin (Sources/ui-outlets): do not edit.
    import Adw
    import Gtk

    /// The objects of \(input.lastPathComponent) that have an id, typed.
    @MainActor
    struct \(typeName(input)) {
    \(declarations.joined(separator: "\n"))

        /// Loads \(input.lastPathComponent) from the app's compiled-in resources.
        init() {
            self.init(builder: .loading("\(input.lastPathComponent)"))
        }

        init(builder: Builder) {
    \(assignments.joined(separator: "\n"))
        }
    }

    """
// Written only when it changes: the debug and release builds share the plugin's output folder, and
// a file rewritten as it was would make each of them compile StoreSearchApp again after the other.
let output = URL(fileURLWithPath: arguments[2])
do {
    if (try? Data(contentsOf: output)) != Data(source.utf8) { try Data(source.utf8).write(to: output) }
} catch {
    FileHandle.standardError.write(Data("\(arguments[2]): \(error)\n".utf8))
    exit(1)
}
