import CIntl
import Foundation

/// gettext for the `storesearch` domain. Messages are marked with `localized("…")` and
/// `localizedPlural("…", "…", n)`; `scripts/l10n.sh update` finds them with xgettext. Taking a
/// `StaticString` makes the compiler refuse an interpolated message, which could not be a msgid:
/// put values in with `String(format:)` (`%@` for text, `%ld` for numbers), or `filled` for text
/// where it is written for every row of a list.
public enum Localization {
    public static let domain = "storesearch"

    /// Points the domain at a folder of `<lang>/LC_MESSAGES/storesearch.mo` and makes it the
    /// default domain, which GtkBuilder uses for `translatable="yes"` strings.
    public static func bind(localeDirectory: URL) {
        _ = bindtextdomain(domain, localeDirectory.path)
        _ = bind_textdomain_codeset(domain, "UTF-8")
        _ = textdomain(domain)
    }
}

/// The user's translation of `message` (itself when there is none).
public func localized(_ message: StaticString) -> String {
    message.withUTF8Buffer { buffer in
        String(decoding: buffer, as: UTF8.self).withCString { String(cString: dgettext(Localization.domain, $0)) }
    }
}

/// The translation of `singular`/`plural` that fits `count` in the user's language.
public func localizedPlural(_ singular: StaticString, _ plural: StaticString, _ count: Int) -> String {
    let one = singular.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    let many = plural.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    return one.withCString { one in
        many.withCString { many in
            String(cString: dngettext(Localization.domain, one, many, UInt(max(count, 0))))
        }
    }
}

/// `format` with its text placeholders (`%@`, or `%1$@`, `%2$@` in a translation that reorders
/// them) filled with `arguments`, and `%%` as "%": what `String(format:)` gives for text, at a
/// fraction of its cost on Linux (it goes through NSString), for the words of the 200 rows a
/// list binds at once. A placeholder past the arguments is left out; any other (`%ld`, a lone
/// "%") is kept as it is written, never read as a number.
public func filled(_ format: String, _ arguments: String...) -> String { filled(format, arguments) }

public func filled(_ format: String, _ arguments: [String]) -> String {
    // Read as UTF-8: "%", "$", "@" and digits are ASCII, so every cut falls between characters.
    let bytes = format.utf8
    var result = ""
    var next = 0  // the argument a plain %@ takes
    var start = bytes.startIndex  // the text not yet copied
    while let percent = bytes[start...].firstIndex(of: UInt8(ascii: "%")) {
        result += format[start..<percent]
        var spec = bytes[bytes.index(after: percent)...]
        var position: Int?
        while let digit = spec.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
            position = (position ?? 0) * 10 + Int(digit - UInt8(ascii: "0"))
            spec = spec.dropFirst()
        }
        if position != nil, spec.first == UInt8(ascii: "$") { spec = spec.dropFirst() }
        switch spec.first {
        case UInt8(ascii: "%") where position == nil:
            result += "%"
        case UInt8(ascii: "@")
        where position == nil || bytes[bytes.index(before: spec.startIndex)] == UInt8(ascii: "$"):
            let index = position.map { $0 - 1 } ?? next
            if position == nil { next += 1 }
            result += arguments.indices.contains(index) ? arguments[index] : ""
        default:  // not a text placeholder: kept as written
            result += "%"
            start = bytes.index(after: percent)
            continue
        }
        start = bytes.index(after: spec.startIndex)
    }
    return result + format[start...]
}
