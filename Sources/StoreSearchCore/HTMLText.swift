/// Turns the HTML found in descriptions into plain text.
public enum HTMLText {
    private static let namedEntities: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "mdash": "—", "ndash": "–", "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”",
        "ldquo": "“", "copy": "©", "reg": "®", "trade": "™", "eacute": "é", "egrave": "è",
        "uuml": "ü", "ouml": "ö", "auml": "ä", "szlig": "ß", "bull": "•", "middot": "·",
    ]
    private static let breakingTags: Set<String> = ["br", "p", "/p", "div", "/div", "li", "/li", "ul", "/ul", "ol", "/ol", "h1", "h2", "h3", "/h1", "/h2", "/h3"]

    public static func plainText(_ html: String) -> String {
        var output = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close]
                let name = tag.split(whereSeparator: { $0 == " " || $0 == "/" && tag.first != "/" }).first.map { $0.lowercased() } ?? ""
                if name == "br" {
                    output.append("\n")
                } else if name == "li" {
                    output.append("\n• ")
                } else if breakingTags.contains(name), !output.isEmpty, output.last != "\n" {
                    output.append("\n")  // one break between blocks, however many tags close and open
                }
                index = html.index(after: close)
            } else if character == "&", let semicolon = html[index...].prefix(10).firstIndex(of: ";"),
                      let decoded = decodeEntity(html[html.index(after: index)..<semicolon]) {
                output.append(decoded)
                index = html.index(after: semicolon)
            } else {
                output.append(character == "\r\n" || character == "\r" ? "\n" : character)
                index = html.index(after: index)
            }
        }
        return tidy(output)
    }

    private static func decodeEntity(_ entity: Substring) -> String? {
        if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
            return UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
        }
        if entity.hasPrefix("#") {
            return UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
        }
        return namedEntities[entity]
    }

    /// Trims each line, and keeps at most one blank line between paragraphs.
    private static func tidy(_ text: String) -> String {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty && (lines.last?.isEmpty ?? true) { continue }
            lines.append(trimmed)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
