import Foundation

/// The command line: `--api-base URL`, `--offline`, `--search TERM`, `--category NAME`,
/// `--country CODE`, `--export FILE`, `--refresh-prices`, `--version`, `--help`. `STORESEARCH_API_BASE` sets the API base when the option is absent.
public struct LaunchOptions: Equatable, Sendable {
    public static let defaultAPIBase = URL(string: "https://itunes.apple.com")!

    public var apiBase = LaunchOptions.defaultAPIBase
    public var offline = false
    public var searchTerm: String?
    public var category: Category = .all
    /// Store region for this run ("DE"), over the saved choice and the locale's region.
    public var country: String?
    /// A store page link given as the only argument: open that item.
    public var storeLink: StoreLink?
    /// Started by D-Bus (`--gapplication-service`, which GApplication itself acts on) with no window.
    public var isService = false

    public enum Action: Equatable, Sendable {
        case run(LaunchOptions)
        case showHelp
        case showVersion
        /// Write My Items to this file (.csv or .json) and exit, with no window.
        case export(String)
        /// Look up the kept items' prices once, with no window, print what changed, and exit.
        case refreshPrices(LaunchOptions)
    }

    /// The help text, in the user's language (option names and values stay as typed).
    public static var usage: String {
        let categories = Category.allCases.map(\.displayName).joined(separator: ", ")
        return [
            localized("Usage: storesearch [options] [STORE-LINK]"),
            "",
            localized("Search the iTunes Store for music, apps, e-books and more."),
            "",
            localized("Options:"),
            "  --api-base URL      " + localized("Base URL of an iTunes-compatible server"),
            "                      " + localized("(default: https://itunes.apple.com; env STORESEARCH_API_BASE)"),
            "  --offline           " + localized("Search the bundled offline catalog"),
            "  --search TERM       " + localized("Start with a search for TERM"),
            "  --category NAME     " + String(format: localized("Category for that search: %@"), categories),
            "  --country CODE      " + localized("Store region, such as DE or JP (default: your locale's region)"),
            "  --export FILE       " + localized("Write My Items to FILE (.csv or .json) and exit"),
            "  --refresh-prices    " + localized("Look up the prices of kept items, print what changed and exit"),
            "  --version           " + localized("Print the version and exit"),
            "  --help              " + localized("Print this help and exit"),
        ].joined(separator: "\n")
    }

    public init() {}

    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(LaunchOptionsError)
        -> Action
    {
        var options = LaunchOptions()
        if let base = environment["STORESEARCH_API_BASE"], !base.isEmpty {
            options.apiBase = try apiURL(base)
        }
        var refreshesPrices = false
        var remaining = arguments[...]
        func value(for option: String) throws(LaunchOptionsError) -> String {
            guard let value = remaining.popFirst() else { throw .missingValue(option) }
            return value
        }
        while let argument = remaining.popFirst() {
            let (name, inline) = split(argument)
            func next() throws(LaunchOptionsError) -> String {
                if let inline { return inline }
                return try value(for: name)
            }
            switch name {
            case "--help", "-h": return .showHelp
            case "--version": return .showVersion
            case "--export": return .export(try next())
            case "--refresh-prices": refreshesPrices = true
            case "--offline": options.offline = true
            case "--gapplication-service": options.isService = true
            case "--api-base": options.apiBase = try apiURL(try next())
            case "--search": options.searchTerm = try next()
            case "--country":
                let text = try next()
                guard let code = StoreRegion.normalized(text) else { throw .unknownCountry(text) }
                options.country = code
            case "--category":
                let text = try next()
                guard let category = Category(name: text) else { throw .unknownCategory(text) }
                options.category = category
            default:
                // The only argument that is no option is a store link: anything else given in its
                // place (javascript:…, a web page, a word) is refused as a link, not as an option.
                guard !argument.hasPrefix("-") else { throw .unknownOption(argument) }
                switch StoreLink.parse(argument) {
                case .success(let link): options.storeLink = link
                case .failure(.noItem): throw .storeLinkNamingNoItem(argument)
                case .failure(let refusal): throw .notAStoreLink(argument, reason: refusal.message)
                }
            }
        }
        return refreshesPrices ? .refreshPrices(options) : .run(options)
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func apiURL(_ text: String) throws(LaunchOptionsError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else { throw .invalidURL(text) }
        return url
    }
}
