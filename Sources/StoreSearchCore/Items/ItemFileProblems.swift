import Foundation

/// What reading an item file left out or kept unread although the file itself was sound: values
/// nested too deep (another tool's), and values it could not read (a price written "12,50x"),
/// which stay in the file as written. The user is told once, at start.
struct ItemFileProblems {
    var tooDeep = 0
    /// “Name”: price “12,50x”, one per value.
    var unreadable: [String] = []

    /// Notes the values of `record` that `reading` refused.
    mutating func add(_ refused: [(key: String, text: String)], of record: ItemRecord) {
        guard !refused.isEmpty else { return }
        let name = record.edits.name ?? record.snapshot?.name ?? record.id
        for (key, text) in refused {
            let field = key.hasSuffix("price") ? localized("price") : key
            unreadable.append(String(format: localized("“%1$@”: %2$@ “%3$@”"), String(name.prefix(60)), field, text))
        }
    }

    var notice: String? {
        var parts: [String] = []
        if !unreadable.isEmpty {
            let list = unreadable.prefix(5).joined(separator: "; ") + (unreadable.count > 5 ? "; …" : "")
            parts.append(
                String(
                    format: localized(
                        "Some values in your saved items could not be read and are kept as they were written: %@."),
                    list))
        }
        if tooDeep > 0 {
            parts.append(
                String(
                    format: localizedPlural(
                        "%ld value in your saved items file was nested too deeply: what lies more than 64 levels down was left out.",
                        "%ld values in your saved items file were nested too deeply: what lies more than 64 levels down was left out.",
                        tooDeep), tooDeep))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
