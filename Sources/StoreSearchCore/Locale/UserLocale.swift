import CIntl
import Foundation

/// The user's locale as the C library resolves it. Foundation on Linux ignores `LANG`/`LC_*`
/// (`Locale.current` is always `en_001`), so the categories are read from `setlocale`, which
/// applies the POSIX order: `LC_ALL`, then the category's own variable, then `LANG`.
/// `C` and `POSIX` mean US English.
public struct UserLocale: Equatable, Sendable {
    /// LC_MESSAGES: the language of the store's answers (`lang`).
    public let messages: Locale
    /// LC_MONETARY: how prices are written, and the store region.
    public let monetary: Locale
    /// LC_TIME: how dates are written.
    public let time: Locale

    public static let unitedStates = Locale(identifier: "en_US")

    /// From POSIX locale names such as `de_DE.UTF-8`, `sr_RS@latin`, `C`.
    public init(messages: String, monetary: String, time: String) {
        self.messages = Self.locale(posixName: messages)
        self.monetary = Self.locale(posixName: monetary)
        self.time = Self.locale(posixName: time)
    }

    /// The same locale for every category.
    public init(_ locale: Locale) {
        messages = locale
        monetary = locale
        time = locale
    }

    /// The process's locale, read once (this sets the C library's locale from the environment).
    public static let current = UserLocale.fromCLibrary()

    /// Two-letter store region: the region of the monetary locale, else of the messages one,
    /// else `US`.
    public var region: String {
        StoreRegion.code(of: monetary) ?? StoreRegion.code(of: messages) ?? "US"
    }

    /// The API's `lang`: language and region of the messages locale in lower case (`de_de`).
    public var apiLanguage: String {
        let language = messages.language.languageCode?.identifier.lowercased() ?? "en"
        let place = StoreRegion.code(of: messages) ?? region
        return "\(language)_\(place.lowercased())"
    }

    /// Sets the process locale from the environment (`setlocale(LC_ALL, "")`) and reads it back.
    /// A category the C library has no locale for stays `C`; its name is then taken from the
    /// environment in the same order, so formats and region still follow the user (only
    /// translations need the C library's locale).
    public static func fromCLibrary(environment: [String: String] = ProcessInfo.processInfo.environment) -> UserLocale {
        if setlocale(LC_ALL, "") == nil {
            // glibc changes nothing when one category fails; take the ones that exist.
            for category in [LC_CTYPE, LC_MESSAGES, LC_MONETARY, LC_NUMERIC, LC_TIME, LC_COLLATE] {
                _ = setlocale(category, "")
            }
        }
        func name(_ category: Int32, _ variable: String) -> String {
            let current = setlocale(category, nil).map { String(cString: $0) } ?? "C"
            guard isPlainC(current) else { return current }
            return environmentName(variable, environment: environment) ?? current
        }
        return UserLocale(
            messages: name(LC_MESSAGES, "LC_MESSAGES"),
            monetary: name(LC_MONETARY, "LC_MONETARY"),
            time: name(LC_TIME, "LC_TIME"))
    }

    /// The locale name POSIX assigns to a category: `LC_ALL`, then its variable, then `LANG`.
    static func environmentName(_ variable: String, environment: [String: String]) -> String? {
        for key in ["LC_ALL", variable, "LANG"] {
            if let value = environment[key], !value.isEmpty { return value }
        }
        return nil
    }

    static func isPlainC(_ name: String) -> Bool {
        let base = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
        return base == "C" || base == "POSIX" || base.isEmpty
    }

    /// `de_DE.UTF-8` → de_DE, `ca_ES@valencia` → ca_ES, `C`/`POSIX` → en_US.
    static func locale(posixName name: String) -> Locale {
        guard !isPlainC(name) else { return unitedStates }
        let base = name.prefix { $0 != "." && $0 != "@" }
        let parts = base.split(separator: "_", maxSplits: 1)
        guard let language = parts.first, (2...3).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else {
            return unitedStates
        }
        if parts.count == 2, parts[1].count == 2, parts[1].allSatisfy({ $0.isASCII && $0.isLetter }) {
            return Locale(identifier: "\(language.lowercased())_\(parts[1].uppercased())")
        }
        return Locale(identifier: language.lowercased())
    }
}
