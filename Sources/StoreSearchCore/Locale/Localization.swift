import CIntl
import Foundation

/// gettext for the `storesearch` domain. Messages are marked with `localized("…")` and
/// `localizedPlural("…", "…", n)`; `scripts/l10n.sh update` finds them with xgettext. Taking a
/// `StaticString` makes the compiler refuse an interpolated message, which could not be a msgid:
/// put values in with `String(format:)` (`%@` for text, `%ld` for numbers).
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
