import Gtk
import StoreSearchCore

extension Item {
    /// What a screen reader says for a row or tile: name, artist, kind, price, and whether it is
    /// kept (the star).
    func spokenLabel(price: String?, isKept: Bool = false) -> String {
        [
            name, artist ?? (result.kind == .artist ? nil : localized("Unknown")), result.kind.displayName, price,
            isKept ? localized("Kept in My Items") : nil,
        ]
        .compactMap { $0 }.joined(separator: ", ")
    }

    /// What a row's or tile's tooltip shows (long names are cut with "…" in the row).
    func tooltip(artistAndKind: String) -> String { "\(name)\n\(artistAndKind)" }
}
