/// Turns the HTML found in descriptions into plain text, in one pass over the input: a `<`
/// without a closing `>` is looked for once, not once per `<` (200,000 of them took minutes).
public enum HTMLText {
    private static let namedEntities: [Substring: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "mdash": "—", "ndash": "–", "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”",
        "ldquo": "“", "copy": "©", "reg": "®", "trade": "™", "eacute": "é", "egrave": "è",
        "uuml": "ü", "ouml": "ö", "auml": "ä", "szlig": "ß", "bull": "•", "middot": "·",
    ]
    private static let breakingTags: Set<String> = [
        "br", "p", "/p", "div", "/div", "li", "/li", "ul", "/ul", "ol", "/ol", "h1", "h2", "h3", "/h1", "/h2", "/h3",
    ]
    /// Longer tag names are no tag StoreSearch knows; lower-casing them would be wasted work.
    private static let longestTagName = 8

    /// Plain text of `html`, at most about `limit` characters (the rest is dropped with an ellipsis).
    public static func plainText(_ html: String, limit: Int = TextBounds.summary) -> String {
        var output = ""
        var written = 0
        var index = html.startIndex
        // Where the next ">" is; nil once none is left, so no later "<" searches again.
        var nextClose: String.Index? = html.startIndex
        var truncated = false
        while index < html.endIndex {
            if written >= limit {
                truncated = true
                break
            }
            let character = html[index]
            if character == "<", let close = closingBracket(in: html, from: index, cached: &nextClose) {
                let tag = html[html.index(after: index)..<close]
                let name = tagName(tag)
                if name == "br" {
                    output.append("\n")
                } else if name == "li" {
                    output.append("\n• ")
                } else if breakingTags.contains(name), !output.isEmpty, output.last != "\n" {
                    output.append("\n")  // one break between blocks, however many tags close and open
                }
                written += 1
                index = html.index(after: close)
            } else if character == "&", let semicolon = html[index...].prefix(10).firstIndex(of: ";"),
                let decoded = decodeEntity(html[html.index(after: index)..<semicolon])
            {
                output.append(decoded)
                written += 1
                index = html.index(after: semicolon)
            } else {
                output.append(character == "\r\n" || character == "\r" ? "\n" : character)
                written += 1
                index = html.index(after: index)
            }
        }
        let text = tidy(output)
        return truncated ? text + "…" : text
    }

    /// The ">" closing a tag opened at `open`, found with one forward scan shared by all tags.
    private static func closingBracket(
        in html: String, from open: String.Index,
        cached nextClose: inout String.Index?
    ) -> String.Index? {
        guard let known = nextClose else { return nil }
        if known > open { return known }
        nextClose = html[html.index(after: open)...].firstIndex(of: ">")
        return nextClose
    }

    private static func tagName(_ tag: Substring) -> String {
        let name = tag.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "/" && tag.first != "/" }).first ?? ""
        return name.count <= longestTagName ? name.lowercased() : ""
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
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = trim(line)
            if trimmed.isEmpty && (lines.last?.isEmpty ?? true) { continue }
            lines.append(trimmed)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// White space off both ends (lines hold no line breaks here); Foundation's trim is slow on Linux.
    private static func trim(_ line: Substring) -> Substring {
        guard let first = line.firstIndex(where: { !$0.isWhitespace }),
            let last = line.lastIndex(where: { !$0.isWhitespace })
        else {
            return line[line.endIndex...]
        }
        return line[first...last]
    }
}
