import StoreSearchCore

extension Item {
    /// What a screen reader says for a row or tile: name, artist, kind, price.
    func spokenLabel(price: String?) -> String {
        [name, artist ?? localized("Unknown"), result.kind.displayName, price].compactMap { $0 }.joined(separator: ", ")
    }
}
