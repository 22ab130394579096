/// Length bounds applied to the store's text at decode, so that no field can stall layout or
/// grow memory: a 100 KB name once froze the window for 20 s. Counted in Unicode scalars, not
/// characters: a run of combining marks is one character of any length.
public enum TextBounds {
    /// Shown in rows and form fields.
    public static let name = 300
    public static let artist = 200
    public static let genre = 100
    /// Short codes and identifiers (currency, kind).
    public static let code = 40
    /// The description as plain text, shown in the detail pane.
    public static let summary = 10_000
    /// The start of a long text the detail shows until the user asks for more: laying out a
    /// 10,000-character word took seconds, this many take milliseconds.
    public static let preview = 600
    /// The raw HTML read for a description: enough for `summary` characters of text under markup.
    public static let descriptionHTML = 100_000

    /// `text` cut to `limit` scalars with an ellipsis, or `text` when it fits.
    public static func cut(_ text: String, to limit: Int) -> String {
        guard let cut = cutIfLonger(text, to: limit) else { return text }
        return cut
    }

    /// `text` cut to `limit` scalars with an ellipsis, or nil when it fits.
    public static func cutIfLonger(_ text: String, to limit: Int) -> String? {
        // Scalar count never exceeds UTF-8 count: most fields end here without counting.
        if text.utf8.count <= limit { return nil }
        let scalars = text.unicodeScalars
        guard limit > 0, let fits = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
            fits < scalars.endIndex
        else { return nil }
        let end = scalars.index(before: fits)
        var kept = String(String.UnicodeScalarView(scalars[..<end]))
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return kept + "…"
    }

    /// The start of `text` shown before "Show More": `preview` scalars, cut after the last space in
    /// their second half when there is one; nil when `text` fits.
    public static func start(of text: String) -> String? {
        guard var cut = cutIfLonger(text, to: preview) else { return nil }
        cut.removeLast()  // the ellipsis, put back after the cut at a space
        if let space = cut.lastIndex(where: \.isWhitespace), cut.distance(from: cut.startIndex, to: space) > preview / 2
        {
            cut = String(cut[..<space])
        }
        return cut + "…"
    }

    /// `text` with a zero-width space after every `run` scalars that have no space among them: Pango
    /// wraps a word longer than a line character by character at a cost that grows with the square
    /// of its length (a 10,000-character word took 5 s); a break opportunity makes it a few lines.
    public static func breakable(_ text: String, run: Int = 32) -> String {
        var scalars = String.UnicodeScalarView(), length = 0, joins = false
        for scalar in text.unicodeScalars {
            length = scalar.properties.isWhitespace ? 0 : length + 1
            // Never between a letter and its marks, nor inside an emoji joined by U+200D.
            if length > run, !scalar.properties.isGraphemeExtend, !joins {
                scalars.append("\u{200B}")
                length = 1
            }
            joins = scalar == "\u{200D}"
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// `text` with NUL and the other C0 control characters (tab, line feed and carriage return
    /// aside) and DEL as U+FFFD: GTK takes text as C strings, so a NUL cut a name short there.
    public static func showable(_ text: String) -> String {
        guard text.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }) else {
            return text
        }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let isControl =
                (scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r") || scalar.value == 0x7F
            scalars.append(isControl ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }
}
