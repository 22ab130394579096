import Gtk
import StoreSearchCore

extension Item {
    /// What a screen reader says for a row or tile: name, artist, kind, price.
    func spokenLabel(price: String?) -> String {
        [name, artist ?? (result.kind == .artist ? nil : localized("Unknown")), result.kind.displayName, price]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// What a row's or tile's tooltip shows (long names are cut with "…" in the row).
    func tooltip(artistAndKind: String) -> String { "\(name)\n\(artistAndKind)" }
}
